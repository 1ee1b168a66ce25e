/** What core takes as today: a date `YYYY-MM-DD`, or a moment in milliseconds since 1970. */
export type CoreToday = string | number;

/**
 * When core checks the application: this moment, in milliseconds since 1970 (`Date.now()`), as the
 * server holds its own clock. Core judges the date of birth on the date in the applicant's own state
 * (step 3) at that moment, so a visitor abroad, near midnight or in Perth gets the answer the server
 * will give.
 */
export function checkMoment(now: Date = new Date()): number {
  return now.getTime();
}
