/**
 * The wizard's one way to banksia-core: the answers worked out when the site was built (`AHEAD`,
 * ahead.build.ts) until the application's package has arrived, the package itself from then on.
 *
 * The package (85.7 KB of `.wasm`) is not on the way to the first answer: the island hydrates and
 * checks step 1 without it, and fetches it once awake (`loadApplicationCore`), while the applicant
 * types step 2. A check that needs it before it has arrived waits for it (`validateStepSoon`).
 */
import { useEffect, useState } from 'react';
import type * as Core from 'banksia-core/application';
import type { ApplicationInput, ApplicationReport } from 'banksia-core/application';
import ahead from './ahead.build.ts?at-build';
import type { WizardAhead } from './ahead.build';
import { inputKey } from './values';
import type { CoreToday } from './today';

export type ApplicationCore = typeof Core;

/** Core's answers that never change, as the build worked them out. */
export const AHEAD = ahead as WizardAhead;

/**
 * A download made once and shared by every caller; after a failed one (the connection dropped) the
 * next call tries again.
 */
export function sharedDownload<T>(download: () => Promise<T>): { get: () => Promise<T>; now: () => T | null } {
  let arrived: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    get: () =>
      (pending ??= download().then(
        (value) => (arrived = value),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
    now: () => arrived,
  };
}

const applicationPackage = sharedDownload(() => import('banksia-core/application'));

/** Fetches the application's package (once; again after a failed fetch). */
export function loadApplicationCore(): Promise<ApplicationCore> {
  return applicationPackage.get();
}

/** The package once it has arrived: renders again when it does, and asks for it if no one has. */
export function useApplicationCore(): ApplicationCore | null {
  const [core, setCore] = useState(applicationPackage.now);
  useEffect(() => {
    if (core) return;
    let current = true;
    // A failed fetch leaves the wizard on the build's answers; its next check asks again.
    loadApplicationCore().then(
      (arrived) => {
        if (current) setCore(arrived);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [core]);
  return core;
}

/** An own key of a table built from core's answers (never one of Object's). */
export function entry<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * Core's check of `step` now: the package's, or for step 1 the build's answer for this very input
 * (a fresh application with an account chosen, or none). Null when only the package can tell and
 * it has not arrived.
 */
export function validateStepNow(step: number, input: ApplicationInput, moment: CoreToday): ApplicationReport | null {
  const loaded = applicationPackage.now();
  if (loaded) return loaded.validateStep(step, input, moment);
  return step === 1 ? (entry(AHEAD.stepOne, inputKey(input)) ?? null) : null;
}

/** Core's check of `step`, waiting for the package when only it can tell. */
export async function validateStepSoon(step: number, input: ApplicationInput, moment: CoreToday): Promise<ApplicationReport> {
  return validateStepNow(step, input, moment) ?? (await loadApplicationCore()).validateStep(step, input, moment);
}
