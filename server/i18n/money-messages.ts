/** Texts of the money guarantees (issue 9): refunds of voided attempts and online payment being off. */
export const moneyMessages = {
  payment_refunded: {
    fa: 'این پرداخت پس از تغییر سبد خرید باطل شده بود؛ مبلغ {amount} به کارت بانکی شما بازگردانده می‌شود.',
    en: 'This payment was voided because the cart changed; {amount} is being refunded to your bank card.',
  },
  order_refund_notice: {
    fa: 'پرداخت {amount} برای نسخهٔ قبلی این سفارش باطل شد و به کارت بانکی شما بازگردانده می‌شود.',
    en: 'A payment of {amount} for an earlier version of this order was voided; it is being refunded to your bank card.',
  },
  online_unavailable: {
    fa: 'پرداخت آنلاین در حال حاضر در این فروشگاه فعال نیست؛ لطفا روش پرداخت دیگری را انتخاب کنید.',
    en: 'Online payment is not available at this shop yet; please choose another payment method.',
  },
} as const;
