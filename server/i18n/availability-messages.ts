/** Texts of a temporary outage (issue 9), spread into messages.ts. */
export const availabilityMessages = {
  service_unavailable: {
    fa: 'سرویس موقتا در دسترس نیست؛ لطفا چند لحظه دیگر دوباره تلاش کنید.',
    en: 'The service is temporarily unavailable; please try again in a moment.',
  },
} as const;
