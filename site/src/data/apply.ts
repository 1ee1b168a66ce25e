/**
 * Where each product's "Open" or "Apply" button goes. The online application opens only the four
 * accounts of its step 1 (spec section 2); a button for one of them carries the account in the
 * query (`/apply/account?account=savings`) and the wizard pre-selects it after checking the value
 * against core's own list of account types. Every other product is opened with a person, and its
 * page says so instead of sending the visitor to a form that cannot open it.
 */

/** The application wizard's page. */
export const APPLY_PATH = '/apply/account';

/** The query parameter the wizard reads to pre-select an account type. */
export const ACCOUNT_QUERY_PARAM = 'account';

/**
 * The values of core's `AccountType` (its wire form). Written here only as link targets for the
 * static pages; the wizard never trusts them and checks each against core's options, and a unit
 * test checks this list equals core's.
 */
export const onlineAccountTypes = ['checking', 'savings', 'business_checking', 'business_savings'] as const;
export type OnlineAccountType = (typeof onlineAccountTypes)[number];

/** The application with `accountType` already chosen. */
export function applyHref(accountType: OnlineAccountType): string {
  return `${APPLY_PATH}?${ACCOUNT_QUERY_PARAM}=${accountType}`;
}
