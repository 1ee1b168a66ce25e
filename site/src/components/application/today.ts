/**
 * The date core checks a date of birth against: today in the bank's home time, from core's
 * `bankToday` (the function the server uses too), so a visitor abroad or near midnight gets the
 * answer the server will give.
 */
import { bankToday as coreBankToday } from './core';

/** Today in the bank's home time as `YYYY-MM-DD`. */
export function bankToday(now: Date = new Date()): string {
  return coreBankToday(now.getTime());
}
