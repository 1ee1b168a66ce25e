/**
 * Service promises and counts from spec section 9 "Application and service". The review times
 * and the email reply promise are banksia-core's (`contactDetails`, read at build time), which
 * the server's confirmation email quotes too.
 */
import { contactDetails } from 'banksia-core/application';

const contact = contactDetails();

export const service = {
  wizardSteps: 5,
  reviewDays: contact.review_days,
  complexReviewDays: contact.complex_review_days,
  emailReplyHours: contact.email_reply_hours,
  accessibilityReplyDays: 2,
  phoneHoursShort: 'Mon-Fri 8am-6pm',
  minimumDeposit: { savings: 10, checking: 25 },
  currency: 'AUD',
  recordRetentionYears: 7,
  transferCountries: '200+',
  atmLocations: '500+',
  transferDays: '1-2',
} as const;
