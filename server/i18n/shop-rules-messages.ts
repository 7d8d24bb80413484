/** The refusals of spec §2's shop rules (issue 9), in the SPA's own words (src/features/shell). */
export const shopRulesMessages = {
  access_denied: { fa: 'درخواست دسترسی شما به این فروشگاه تأیید نشده است.', en: 'Your request to access this store has not been approved.' },
  maintenance: { fa: 'فروشگاه آنلاین موقتاً تعطیل است.', en: 'The online store is temporarily closed.' },
} as const;
