/**
 * What a visitor does to the wizard's static step 1 before the island hydrates. The page's HTML
 * shows step 1 at once, but on a slow phone the island's scripts and banksia-core arrive seconds later; a choice
 * made meanwhile would be reset by the hydrated form, and a tap on Next would submit the static
 * form, reloading the page at step 1. An inline script in the page (ApplicationSection.astro)
 * keeps both in `window[EARLY_INPUT_KEY]` until the island takes them over: the choice is then
 * the island's, and a Next tapped early is carried out as if tapped after hydration.
 */

/** The window property the inline script and the island share. */
export const EARLY_INPUT_KEY = '__banksiaWizardEarlyInput';

/** What the inline script recorded. */
export interface EarlyInput {
  /** Set by the island once it has taken over: the script then leaves every event alone. */
  ready: boolean;
  /** The static form's values the visitor changed, by field name (a radio's chosen value). */
  values: Record<string, string | boolean>;
  /** Whether the visitor submitted the static form (tapped Next, pressed Enter). */
  next: boolean;
}

/**
 * The island's side: marks the island ready (from now on the script records nothing) and returns
 * what was recorded before, or null when the script did not run or nothing happened.
 */
export function takeEarlyInput(target: Record<string, unknown> = window as unknown as Record<string, unknown>): EarlyInput | null {
  const early = target[EARLY_INPUT_KEY] as EarlyInput | undefined;
  if (!early || typeof early !== 'object') return null;
  early.ready = true;
  if (!early.next && Object.keys(early.values).length === 0) return null;
  const taken = { ready: true, values: { ...early.values }, next: early.next };
  early.values = {};
  early.next = false;
  return taken;
}

/**
 * `values` with the early answers applied: only names that are fields of the wizard, each with a
 * value of the field's own type (a text or choice as a string, a checkbox as a boolean).
 */
export function withEarlyValues<V extends object>(values: V, early: EarlyInput): V {
  const next = { ...values } as Record<string, unknown>;
  for (const [name, value] of Object.entries(early.values)) {
    if (Object.hasOwn(next, name) && typeof next[name] === typeof value) next[name] = value;
  }
  return next as V;
}
