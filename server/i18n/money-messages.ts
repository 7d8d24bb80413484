/** Texts of the money guarantees (issue 9): refunds of voided attempts and online payment being off. */
export const moneyMessages = {
  payment_refunded: {
    fa: 'این پرداخت پس از تغییر سبد خرید باطل شده بود؛ مبلغ {amount} به کیف پول شما بازگشت.',
    en: 'This payment was voided because the cart changed; {amount} was refunded to your wallet.',
  },
  order_refund_notice: {
    fa: 'پرداخت {amount} برای نسخهٔ قبلی این سفارش باطل شد و به کیف پول شما بازگشت.',
    en: 'A payment of {amount} for an earlier version of this order was voided and refunded to your wallet.',
  },
  online_unavailable: {
    fa: 'پرداخت آنلاین در حال حاضر در این فروشگاه فعال نیست؛ لطفا روش پرداخت دیگری را انتخاب کنید.',
    en: 'Online payment is not available at this shop yet; please choose another payment method.',
  },
} as const;
