/**
 * The date core checks a date of birth against. The server uses the bank's home time
 * (Australian Eastern Standard Time, a fixed UTC+10, see server/src/application.rs `today`),
 * so the browser does the same: a visitor abroad, or near midnight, gets the answer the server
 * will give.
 */
const BANK_UTC_OFFSET_MS = 10 * 60 * 60 * 1000;

/** Today in the bank's time zone as `YYYY-MM-DD`. */
export function bankToday(now: Date = new Date()): string {
  return new Date(now.getTime() + BANK_UTC_OFFSET_MS).toISOString().slice(0, 10);
}
