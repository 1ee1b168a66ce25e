// The session's idle end, seen from the console: the server ends a session after
// STAFF_SESSION_IDLE_MINUTES without a call (StaffMe.session_idle_seconds). Shortly before, a
// warning offers to stay signed in (one call restarts the idle time); at the end the console
// signs out and drops everything it showed, so no applicant's details stay on an unattended
// screen.
import { useEffect, useRef, useState } from 'react';
import { sessionLastSeen, staffApi } from './api';

/** How long before the end the warning shows: two minutes, or a quarter of a short session. */
function warningSeconds(idleSeconds: number): number {
  return Math.min(120, Math.floor(idleSeconds / 4));
}

export function IdleWarning({ idleSeconds, ended }: { idleSeconds: number; ended: () => void }) {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const stay = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);
  useEffect(() => {
    const tick = () => {
      const left = Math.ceil((sessionLastSeen() + idleSeconds * 1000 - Date.now()) / 1000);
      if (left <= 0) {
        setSecondsLeft(null);
        void staffApi.signOut();
        ended();
      } else setSecondsLeft(left <= warningSeconds(idleSeconds) ? left : null);
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [idleSeconds, ended]);
  const showing = secondsLeft !== null;
  useEffect(() => {
    if (showing) {
      returnTo.current = document.activeElement;
      stay.current?.focus();
    }
  }, [showing]);
  if (!showing) return null;
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = secondsLeft % 60;
  return (
    <div className="staff-idle" role="alertdialog" aria-modal="false" aria-labelledby="idle-heading" aria-describedby="idle-text" data-idle-warning>
      <h2 id="idle-heading">Are you still there?</h2>
      <p id="idle-text">
        For security, you'll be signed out in {minutes > 0 ? `${minutes} min ` : ''}
        {seconds} s because nothing has been sent to the bank for a while. Anything you've typed and not saved will be lost.
      </p>
      <button
        ref={stay}
        type="button"
        className="button"
        onClick={async () => {
          await staffApi.me();
          setSecondsLeft(null);
          if (returnTo.current instanceof HTMLElement) returnTo.current.focus();
        }}
      >
        Stay signed in
      </button>
    </div>
  );
}
