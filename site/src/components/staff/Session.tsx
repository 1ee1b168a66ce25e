// The session's two ends, seen from the console (timing in session-timing.ts). The idle end:
// the server ends a session after STAFF_SESSION_IDLE_MINUTES without a call
// (StaffMe.session_idle_seconds); shortly before, a warning offers to stay signed in (one call
// restarts the idle time). The absolute end: STAFF_SESSION_ABSOLUTE_HOURS after sign-in whatever
// the activity (StaffMe.session_seconds_left); ten minutes before, a warning says when, with
// nothing to extend it. At either end the console signs out and drops everything it showed, so
// no applicant's details stay on an unattended screen.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { sessionLastSeen, staffApi } from './api';
import { endPhase, idlePhase, type SessionPhase } from './session-timing';
import { sydneyClock } from './time';

/** Checks `phase` every second; at the end signs out and calls `ended`. The seconds left while
 * the warning shows (otherwise null), and a check at once (after a call that moved the end). */
function useSessionPhase(phase: () => SessionPhase, ended: () => void): [number | null, () => void] {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const tick = useCallback(() => {
    const now = phase();
    if (now.state === 'ended') {
      setSecondsLeft(null);
      void staffApi.signOut();
      ended();
    } else setSecondsLeft(now.state === 'warning' ? now.secondsLeft : null);
  }, [phase, ended]);
  useEffect(() => {
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [tick]);
  return [secondsLeft, tick];
}

/** Moves the focus to `target` when `showing` turns true; `back()` returns it where it was. */
function useWarningFocus(showing: boolean, target: RefObject<HTMLElement | null>, unlessTyping = false) {
  const returnTo = useRef<Element | null>(null);
  useEffect(() => {
    if (!showing) return;
    const active = document.activeElement;
    // Someone typing keeps their place: the live region tells them, a key press never lands on
    // the warning's button by surprise.
    if (unlessTyping && active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable]')) return;
    returnTo.current = active;
    target.current?.focus();
  }, [showing, target, unlessTyping]);
  return () => {
    if (returnTo.current instanceof HTMLElement) returnTo.current.focus();
    returnTo.current = null;
  };
}

export function IdleWarning({ idleSeconds, endsAt, ended }: { idleSeconds: number; endsAt: number; ended: () => void }) {
  const phase = useCallback(() => idlePhase(sessionLastSeen(), idleSeconds, endsAt, Date.now()), [idleSeconds, endsAt]);
  const [secondsLeft, recheck] = useSessionPhase(phase, ended);
  const stay = useRef<HTMLButtonElement>(null);
  const showing = secondsLeft !== null;
  const back = useWarningFocus(showing, stay);
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
          // The call restarts the idle time; the check at once sees it and closes the warning.
          await staffApi.me();
          recheck();
          back();
        }}
      >
        Stay signed in
      </button>
    </div>
  );
}

/** The absolute end's warning: when it comes, in Sydney time; no way to extend it. */
export function SessionEndWarning({ endsAt, ended }: { endsAt: number; ended: () => void }) {
  const phase = useCallback(() => endPhase(endsAt, Date.now()), [endsAt]);
  const [secondsLeft] = useSessionPhase(phase, ended);
  const [dismissed, setDismissed] = useState(false);
  const ok = useRef<HTMLButtonElement>(null);
  const showing = secondsLeft !== null && !dismissed;
  const back = useWarningFocus(showing, ok, true);
  if (!showing) return null;
  return (
    <section className="staff-idle staff-idle--end" aria-labelledby="session-end-heading" data-session-end-warning>
      <h2 id="session-end-heading">Your session ends soon</h2>
      <p role="alert">
        Your session ends at {sydneyClock(new Date(endsAt))} (Sydney time). Save your work; you'll need to sign in again with your passkey.
      </p>
      <button
        ref={ok}
        type="button"
        className="button button--secondary"
        onClick={() => {
          setDismissed(true);
          back();
        }}
      >
        OK
      </button>
    </section>
  );
}
