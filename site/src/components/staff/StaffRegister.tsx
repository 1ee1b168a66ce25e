// Opening an invitation link: registers a passkey (WebAuthn through webauthn-rs on the server)
// and signs in. The invitation's token is in the link's fragment, never sent in a URL.
// The name is read from the form itself, so what was typed before the island woke is kept; the
// button waits for the island (a static submit would reload the page without the token).
import { useEffect, useState, type FormEvent } from 'react';
import { staffApi } from './api';
import { createPasskey } from './webauthn';

export default function StaffRegister() {
  const [live, setLive] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setLive(true), []);
  async function register(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('display_name') ?? '').trim();
    const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
    setBusy(true);
    setMessage('');
    const started = await staffApi.registerStart({ token, display_name: name || null });
    if (!started.ok) {
      setMessage(started.error.error);
      setBusy(false);
      return;
    }
    try {
      const credential = await createPasskey(started.value.options);
      const finished = await staffApi.registerFinish({ ceremony: started.value.ceremony, credential });
      if (finished.ok) {
        history.replaceState(null, '', '/staff/');
        location.assign('/staff/');
        return;
      }
      setMessage(finished.error.error);
    } catch {
      setMessage('No passkey was created. Please try again.');
    }
    setBusy(false);
  }
  return (
    <form className="staff-card staff-signin" onSubmit={register} aria-labelledby="register-heading">
      <h1 id="register-heading">Set up your passkey</h1>
      <p>Your invitation lets you create a passkey on this device. You'll use it to sign in to the staff console: there is no password.</p>
      <label htmlFor="register-name">Your name (as colleagues see it)</label>
      <input id="register-name" name="display_name" autoComplete="name" />
      <button className="button" type="submit" disabled={busy || !live}>
        Create passkey
      </button>
      <p role="status" className="staff-message">
        {message}
      </p>
    </form>
  );
}
