/**
 * How an island wakes in short tasks rather than one long one. On a phone, a task of more than
 * 50 ms holds back whatever the visitor does meanwhile (and counts as blocking time in Lighthouse):
 * an island's wake-up (its WebAssembly made ready, banksia-core's first calls) runs in tasks of
 * its own, before React hydrates the island in short slices (inside startTransition, each
 * <Suspense> part a unit of its own).
 */

type Scheduler = { yield?: () => Promise<void> };

/** Ends the current task; what follows the `await` runs in a new one (ahead of other queued work where the browser can do that). */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The rate the calculators' compile-ahead calls use: any positive rate takes core down the same
 * functions. It is no product's rate and never shown (those come from core's catalog).
 */
export const COMPILE_AHEAD_RATE_PERCENT = '5';

/**
 * Runs `firstCalls` in a task of its own, in the browser only, before the island hydrates.
 * WebAssembly compiles each of core's functions when it is first called (some 10 ms for a
 * calculator's on this machine, four times that on a phone): made here with entries like the
 * page's own, those calls leave the hydration only the arithmetic. Their results are not used.
 */
export async function compileAhead(firstCalls: () => void): Promise<void> {
  if (typeof window === 'undefined') return;
  await nextTask();
  firstCalls();
  await nextTask();
}
