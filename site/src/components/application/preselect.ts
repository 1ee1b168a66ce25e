/**
 * A product page's "Open" button names the account in the query (`?account=savings`, see
 * data/apply.ts). The wizard takes the value only if core lists it among its account types, so a
 * stale or hand-made link chooses nothing rather than something core would reject.
 */
import { ACCOUNT_QUERY_PARAM } from '../../data/apply';
import type { ApplicationValues } from './values';

interface AccountTypeOptions {
  readonly account_types: readonly { readonly value: string }[];
}

/** The account type the query asks for, if core offers it; otherwise null. */
export function accountTypeFromQuery(search: string, options: AccountTypeOptions): string | null {
  const requested = new URLSearchParams(search).get(ACCOUNT_QUERY_PARAM);
  if (requested === null) return null;
  return options.account_types.some((account) => account.value === requested) ? requested : null;
}

/** The query without the account parameter, once it has been used (so a reload keeps a later choice). */
export function searchWithoutAccount(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(ACCOUNT_QUERY_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The step and values to show when a link asks for `accountType`: the account chosen, and step 1
 * when that changes an application already under way, so the person sees the new choice.
 */
export function preselect(step: number, values: ApplicationValues, accountType: string): { step: number; values: ApplicationValues } {
  if (values.application_type === accountType) return { step, values };
  return { step: values.application_type === '' ? step : 1, values: { ...values, application_type: accountType } };
}
