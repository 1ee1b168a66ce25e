/**
 * Service promises and counts from spec section 9 "Application and service". The review times
 * and the email reply promise are banksia-core's (`contactDetails`, read at build time), which
 * the server's confirmation email quotes too; so are the wizard's steps (`wizardSteps`: five for
 * every account, the business and tax questions asked inside them) and each account's suggested
 * minimum deposit (`formOptions`).
 */
import { contactDetails, formOptions, wizardSteps } from 'banksia-core/application';

const contact = contactDetails();
const accounts = formOptions().account_types;

/** core's suggested (never enforced) minimum deposit of an account type, in whole dollars. */
function minimumDeposit(account: 'savings' | 'checking'): number {
  const option = accounts.find((candidate) => candidate.value === account);
  if (option === undefined) throw new Error(`core lists no ${account} account`);
  return Number(option.minimum_deposit_hint);
}

export const service = {
  /** Steps of the application, the same for every account (its "Step N of 5"). */
  wizardSteps: wizardSteps().length,
  reviewDays: contact.review_days,
  complexReviewDays: contact.complex_review_days,
  emailReplyHours: contact.email_reply_hours,
  accessibilityReplyDays: 2,
  phoneHoursShort: 'Mon-Fri 8am-6pm',
  minimumDeposit: { savings: minimumDeposit('savings'), checking: minimumDeposit('checking') },
  currency: 'AUD',
  recordRetentionYears: 7,
  transferCountries: '200+',
  atmLocations: '500+',
  transferDays: '1-2',
} as const;
