/**
 * When core checks the application: this moment, in RFC 3339 as the server reads its own clock.
 * Core judges the date of birth on the date in the applicant's own state (step 3) at that moment,
 * so a visitor abroad, near midnight or in Perth gets the answer the server will give.
 */
export function checkMoment(now: Date = new Date()): string {
  return now.toISOString();
}
