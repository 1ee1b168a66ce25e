import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * A calculator's entries, exactly as typed, kept in the page's URL query so that a result can be
 * shared and the back button steps through what the visitor did.
 *
 * The values are never checked or converted here: whatever the query holds is handed to
 * banksia-core like anything typed, and core answers with figures or field messages.
 *
 * History: typing only replaces the current entry's URL (so Back never walks through half-typed
 * amounts, and the address can still be shared); a choice (radio, select) is a new entry, so one
 * back press undoes one choice.
 */
export type Entries = Record<string, string>;

/** Which query parameter holds each entry, e.g. `{ amount: 'amount', years: 'term' }`. */
export type QueryKeys<E extends Entries> = { readonly [K in keyof E]: string };

/** The entries a query string describes: each parameter present replaces its default. */
export function entriesFromQuery<E extends Entries>(search: string, defaults: E, keys: QueryKeys<E>): E {
  const params = new URLSearchParams(search);
  const entries: Entries = { ...defaults };
  for (const field of Object.keys(keys) as (keyof E & string)[]) {
    const value = params.get(keys[field]);
    if (value !== null) entries[field] = value;
  }
  return entries as E;
}

/** The query string for `entries`, keeping any parameters that belong to something else. */
export function queryFromEntries<E extends Entries>(search: string, entries: E, keys: QueryKeys<E>): string {
  const params = new URLSearchParams(search);
  for (const field of Object.keys(keys) as (keyof E & string)[]) {
    params.set(keys[field], entries[field] ?? '');
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * What the visitor changed in the static form before the island woke: the controls named after
 * an entry (`name="amount"`) whose value differs from the default. Without this, digits typed
 * into the server-rendered input before hydration would be shown but not used.
 */
export function entriesTypedBeforeHydration<E extends Entries>(form: HTMLFormElement, defaults: E): Partial<E> {
  const typed: Entries = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement)) continue;
    const field = element.name;
    if (!(field in defaults)) continue;
    if (element instanceof HTMLInputElement && element.type === 'radio' && !element.checked) continue;
    if (element.value !== defaults[field]) typed[field] = element.value;
  }
  return typed as Partial<E>;
}

/**
 * `next`, or `current` itself when they hold the same entries: waking on a plain URL then changes
 * no state, so the island doesn't render (and banksia-core doesn't work the figures out) again
 * for nothing.
 */
export function keepIfSame<E extends Partial<Entries>>(current: E, next: E): E {
  const fields = new Set([...Object.keys(current), ...Object.keys(next)]);
  for (const field of fields) {
    if (current[field] !== next[field]) return next;
  }
  return current;
}

/** How an entry changed: typed (characters in a text field) or chosen (radio, select). */
export type EditKind = 'type' | 'choose';

export interface QueryEntries<E extends Entries> {
  entries: E;
  /** Sets entries and records them in the URL: typing replaces the URL, a choice adds an entry. */
  update: (changes: Partial<E>, kind: EditKind) => void;
}

export function useQueryEntries<E extends Entries>(
  defaults: E,
  keys: QueryKeys<E>,
  form?: RefObject<HTMLFormElement | null>,
): QueryEntries<E> {
  // The first render, on the server and when the island wakes, always shows the defaults, so the
  // static HTML and the hydrated tree agree; the URL's entries follow straight after.
  const [entries, setEntries] = useState<E>(defaults);
  const latest = useRef(entries);
  latest.current = entries;

  useEffect(() => {
    const fromLocation = () => {
      const next = entriesFromQuery(window.location.search, defaults, keys);
      setEntries((current) => keepIfSame(current, next));
    };
    // On waking: the URL's entries, then anything typed into the static form meanwhile.
    const typed = form?.current ? entriesTypedBeforeHydration(form.current, defaults) : {};
    const woken = { ...entriesFromQuery(window.location.search, defaults, keys), ...typed };
    setEntries((current) => keepIfSame(current, woken));
    if (Object.keys(typed).length > 0) {
      const { pathname, search, hash } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${queryFromEntries(search, woken, keys)}${hash}`);
    }
    window.addEventListener('popstate', fromLocation);
    return () => window.removeEventListener('popstate', fromLocation);
    // defaults and keys are constant for the life of an island.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update = useCallback(
    (changes: Partial<E>, kind: EditKind) => {
      const next = { ...latest.current, ...changes } as E;
      latest.current = next;
      setEntries(next);
      const { pathname, search, hash } = window.location;
      const query = queryFromEntries(search, next, keys);
      if (query === search) return;
      const url = `${pathname}${query}${hash}`;
      if (kind === 'type') {
        window.history.replaceState(window.history.state, '', url);
      } else {
        window.history.pushState(null, '', url);
      }
    },
    [keys],
  );

  return { entries, update };
}
