// When the console warns that the staff session is ending, and when it treats it as ended: two
// ends, both the server's. The idle end (StaffMe.session_idle_seconds after the last call) can be
// pushed back by a call; the absolute end (StaffMe.session_seconds_left, STAFF_SESSION_ABSOLUTE_HOURS
// after sign-in) cannot. Pure functions of the moments involved, so the timing is tested without
// a clock.

/** Where one end stands: nothing to say yet, a warning with the seconds left, or over. */
export type SessionPhase = { state: 'quiet' } | { state: 'warning'; secondsLeft: number } | { state: 'ended' };

const QUIET: SessionPhase = { state: 'quiet' };

/** How long before the idle end its warning shows: two minutes, or a quarter of a short session. */
export function idleWarningSeconds(idleSeconds: number): number {
  return Math.min(120, Math.floor(idleSeconds / 4));
}

/** How long before the absolute end its warning shows: time to finish a step and save it. */
export const END_WARNING_SECONDS = 600;

/** The seconds from `now` to `end` (milliseconds), rounded up: 0 once it has passed. */
function secondsUntil(end: number, now: number): number {
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** The idle end at `now`, the last call answered at `lastSeen`. Quiet when the absolute end
 * (`endsAt`) comes first: staying signed in could not outlast it, so its own warning speaks. */
export function idlePhase(lastSeen: number, idleSeconds: number, endsAt: number, now: number): SessionPhase {
  const idleEnd = lastSeen + idleSeconds * 1000;
  if (endsAt <= idleEnd) return QUIET;
  const left = secondsUntil(idleEnd, now);
  if (left === 0) return { state: 'ended' };
  return left <= idleWarningSeconds(idleSeconds) ? { state: 'warning', secondsLeft: left } : QUIET;
}

/** The absolute end (`endsAt`) at `now`. */
export function endPhase(endsAt: number, now: number): SessionPhase {
  const left = secondsUntil(endsAt, now);
  if (left === 0) return { state: 'ended' };
  return left <= END_WARNING_SECONDS ? { state: 'warning', secondsLeft: left } : QUIET;
}
