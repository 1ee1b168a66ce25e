/**
 * Where each product's "Open" or "Apply" button goes. The online application opens only the four
 * accounts of its step 1 (spec section 2); a button for one of them carries the account in the
 * query (`/apply/account?account=savings`) and the wizard pre-selects it after checking the value
 * against core's own list of account types. Every other product is opened with a person, and its
 * page says so instead of sending the visitor to a form that cannot open it.
 */
import type { AccountType } from 'banksia-core/application';

/** The application wizard's page. */
export const APPLY_PATH = '/apply/account';

/** The query parameter the wizard reads to pre-select an account type. */
export const ACCOUNT_QUERY_PARAM = 'account';

/**
 * An account type the online application opens: core's `AccountType` (its wire form), whose
 * TypeScript is generated from the Rust enum, so a product page naming an account core doesn't
 * open fails the site's type check. The wizard still checks the query's value against core's
 * options at run time.
 */
export type OnlineAccountType = AccountType;

/** The application with `accountType` already chosen. */
export function applyHref(accountType: OnlineAccountType): string {
  return `${APPLY_PATH}?${ACCOUNT_QUERY_PARAM}=${accountType}`;
}
