/** The anonymous-write limits' texts (issue 9), spread into messages.ts; {wait} is in seconds. */
export const limitMessages = {
  contact_limit: {
    fa: 'تعداد پیام‌های ارسالی از شبکه شما زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.',
    en: 'Too many messages were sent from your network; please try again in {wait} seconds.',
  },
  guest_cart_limit: {
    fa: 'تعداد سبدهای خرید تازه از شبکه شما زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید یا وارد حساب خود شوید.',
    en: 'Too many new carts were started from your network; please try again in {wait} seconds.',
  },
  visit_limit: {
    fa: 'تعداد درخواست‌های شبکه شما زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.',
    en: 'Too many requests came from your network; please try again in {wait} seconds.',
  },
} as const;
