/**
 * react-hook-form's resolver for one wizard step, backed by banksia-core through WASM: the very
 * rules and messages the server applies. There is deliberately no rule in this file.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { ApplicationInput, ApplicationReport } from 'banksia-core/application';
import { toApplicationInput, type ApplicationValues } from './values';
import type { CoreToday } from './today';

/**
 * Core's `validateStep`, at once or once its package has arrived (injected so tests can count
 * calls or run without a browser).
 */
export type ValidateStep = (step: number, input: ApplicationInput, today: CoreToday) => ApplicationReport | Promise<ApplicationReport>;

/** Field messages as react-hook-form errors: the first message of each field (core gives one). */
export function toFormErrors(messages: Partial<Record<string, readonly string[]>>): FieldErrors<ApplicationValues> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const [field, list] of Object.entries(messages)) {
    const message = list?.[0];
    if (message) errors[field] = { type: 'banksia-core', message };
  }
  return errors as FieldErrors<ApplicationValues>;
}

/** A resolver checking `step`'s fields with core, against the bank's today (see today.ts). */
export function coreResolver(step: number, validate: ValidateStep, today: () => CoreToday): Resolver<ApplicationValues> {
  return async (values) => {
    const report = await validate(step, toApplicationInput(values), today());
    const errors = toFormErrors(report.errors);
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
