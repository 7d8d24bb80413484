/** Texts of the order lifecycle at the counter (issue 30, docs/orders.md), in both languages. */
export const orderMessages = {
  board_day: { fa: 'یک روز، YYYY-MM-DD', en: 'a day, YYYY-MM-DD' },
  console_order_not_found: { fa: 'این سفارش در این فروشگاه پیدا نشد.', en: 'This order was not found at this shop.' },
  order_ready_in_required: { fa: 'زمان آماده شدن سفارش را به دقیقه وارد کنید (۱ تا ۱۴۴۰).', en: 'Enter when the order will be ready, in minutes (1 to 1440).' },
  order_reason_required: { fa: 'دلیل لغو را بنویسید.', en: 'Write the reason for canceling.' },
  order_sms_confirmed: {
    fa: 'سفارش {code} در {shop} تایید شد و حدود {minutes} دقیقه دیگر آماده است.',
    en: 'Your order {code} at {shop} is confirmed and will be ready in about {minutes} minutes.',
  },
  order_sms_confirmed_for: {
    fa: 'سفارش {code} در {shop} تایید شد و {time} آماده است.',
    en: 'Your order {code} at {shop} is confirmed and will be ready on {time}.',
  },
  order_sms_sent: { fa: 'سفارش {code} در {shop} ارسال شد.', en: 'Your order {code} at {shop} is on its way.' },
  order_sms_new: { fa: 'سفارش تازه {code} در {shop} ثبت شد.', en: 'A new order {code} was placed at {shop}.' },
  payment_record_refused: {
    fa: 'پرداخت این سفارش قابل ثبت نیست: فقط سفارش نقدی، کارتخوان یا کارت‌به‌کارتی که هنوز پرداخت نشده و لغو نشده است.',
    en: 'This order\'s payment cannot be recorded: only an unpaid, not canceled cash, card-reader or money-transfer order.',
  },
} as const;
