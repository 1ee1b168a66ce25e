/** Service promises and counts from spec section 9 "Application and service". */
export const service = {
  wizardSteps: 5,
  reviewDays: '2-3',
  complexReviewDays: 5,
  emailReplyHours: 24,
  accessibilityReplyDays: 2,
  phoneHoursShort: 'Mon-Fri 8am-6pm',
  minimumDeposit: { savings: 10, checking: 25 },
  currency: 'AUD',
  recordRetentionYears: 7,
  transferCountries: '200+',
  atmLocations: '500+',
  transferDays: '1-2',
} as const;
