import { useEffect, useState } from 'react';

/**
 * The hand-offs between the stamp duty calculator and the repayment and borrowing power
 * calculators, in one tap and back.
 *
 * Each calculator keeps its entries in its page's query (useQueryEntries) and leaves every other
 * parameter alone. So the stamp duty page's links carry its own entries, under its own names,
 * beside what the other calculator takes (the loan `amount` for the repayment calculator; for
 * borrowing power, the ACT's household income as its `income` and dependent children as its
 * `dependants`); that page keeps them while the visitor works there, and its link back hands
 * them to the stamp duty page, which opens on the visitor's figures. Nothing here reads or checks a value: banksia-core does, on
 * whichever page the value lands.
 *
 * This module imports no WebAssembly package, so the other calculators can use it without
 * loading the stamp duty package.
 */

/** The stamp duty calculator's entries, as its form names them. */
export type StampDutyLinkEntries = {
  state: string;
  price: string;
  property_kind: string;
  purpose: string;
  first_home_buyer: string;
  contract_date: string;
  wa_region: string;
  household_income: string;
  dependent_children: string;
  deposit: string;
};

/** The query parameter of each stamp duty entry (the calculator's share links use the same). */
export const STAMP_DUTY_QUERY_KEYS: { readonly [K in keyof StampDutyLinkEntries]: string } = {
  state: 'state',
  price: 'price',
  property_kind: 'kind',
  purpose: 'use',
  first_home_buyer: 'first',
  contract_date: 'date',
  wa_region: 'region',
  household_income: 'household',
  dependent_children: 'children',
  deposit: 'deposit',
};

/** The stamp duty calculator's page. */
export const STAMP_DUTY_PATH = '/calculators/stamp-duty';

/**
 * The stamp duty entries as link parameters: every entry the visitor has a value in, except the
 * WA region outside WA and the ACT's income and children outside the ACT (the form asks them
 * only there, and core doesn't read them elsewhere).
 */
export function stampDutyParams(entries: StampDutyLinkEntries): URLSearchParams {
  const params = new URLSearchParams();
  const state = entries.state.trim().toUpperCase();
  for (const field of Object.keys(STAMP_DUTY_QUERY_KEYS) as (keyof StampDutyLinkEntries)[]) {
    if (field === 'wa_region' && state !== 'WA') continue;
    if ((field === 'household_income' || field === 'dependent_children') && state !== 'ACT') continue;
    const value = entries[field];
    if (value.trim() !== '') params.set(STAMP_DUTY_QUERY_KEYS[field], value);
  }
  return params;
}

/** `path` with the stamp duty `entries` and the other calculator's own `extra` parameters. */
export function handOffHref(path: string, entries: StampDutyLinkEntries, extra: Record<string, string>): string {
  const params = stampDutyParams(entries);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `${path}?${params.toString()}#calculator`;
}

/**
 * The link back to the stamp duty calculator from a page whose query carries stamp duty entries
 * (its visitor came from there), or `null` when it carries none. `fromPage` names, for a stamp
 * duty entry, this page's own parameter that now holds it (borrowing power's `dependants` is the
 * ACT's dependent children): the visitor may have changed it here.
 */
export function stampDutyReturnHref(search: string, fromPage: Partial<Record<keyof StampDutyLinkEntries, string>> = {}): string | null {
  const here = new URLSearchParams(search);
  if (!here.has(STAMP_DUTY_QUERY_KEYS.state) || !here.has(STAMP_DUTY_QUERY_KEYS.price)) return null;
  const back = new URLSearchParams();
  for (const field of Object.keys(STAMP_DUTY_QUERY_KEYS) as (keyof StampDutyLinkEntries)[]) {
    const own = fromPage[field];
    const value = (own !== undefined && here.has(STAMP_DUTY_QUERY_KEYS[field]) ? here.get(own) : null) ?? here.get(STAMP_DUTY_QUERY_KEYS[field]);
    if (value !== null) back.set(STAMP_DUTY_QUERY_KEYS[field], value);
  }
  return `${STAMP_DUTY_PATH}?${back.toString()}#calculator`;
}

/**
 * `stampDutyReturnHref` for the page's address, read after each render that `watch` changes
 * (the page's calculator rewrites its query as the visitor types). `null` on the server and in
 * the first render, so the static HTML and the woken island agree.
 */
export function useStampDutyReturn(watch: unknown, fromPage: Partial<Record<keyof StampDutyLinkEntries, string>> = {}): string | null {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    setHref(stampDutyReturnHref(window.location.search, fromPage));
    // fromPage is constant for the life of an island.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watch]);
  return href;
}
