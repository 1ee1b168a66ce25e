/**
 * How an island wakes in short tasks rather than one long one. On a phone, a task of more than
 * 50 ms holds back whatever the visitor does meanwhile (and counts as blocking time in Lighthouse):
 * an island's wake-up (its WebAssembly made ready, banksia-core's first calls, then the hydration
 * of its whole tree) is split at these points so the browser can answer input between them.
 */

import { createElement, Suspense, useState, type ReactNode } from 'react';

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

/**
 * Set by `client:after-paint` (integrations/after-paint.mjs) while it hydrates an island: only then
 * do `HydrateLater` parts wait. On the server, in tests that render or mount, and for a part that
 * mounts after the island is awake, they render at once.
 */
const HYDRATING = 'banksiaHydrating';

type Wait = { done: boolean; promise: Promise<void> };

function Gate({ children }: { children: ReactNode }) {
  const [wait] = useState<Wait | undefined>(() => {
    if ((globalThis as Record<string, unknown>)[HYDRATING] !== true) return undefined;
    const pending: Wait = { done: false, promise: nextTask().then(() => void (pending.done = true)) };
    return pending;
  });
  // Suspended while hydrating, the part keeps the page's HTML on screen until it resumes.
  if (wait && !wait.done) throw wait.promise;
  return children;
}

/**
 * A part of an island (a chart, a table: output, never an entry) hydrated in a task of its own
 * after the rest of the island, which keeps each hydration task short. Until then it shows the
 * page's HTML. `children` must be one element: Preact resumes hydrating a suspended part from a
 * single DOM node.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return createElement(Suspense, { fallback: null }, createElement(Gate, { children }));
}
