import type { Language } from '@contract/enums';

/** A wallet top-up through the online gateway (wallet_charge, wallet_charge_verify). */
export const walletChargeMessages = {
  wallet_charge_amount: { fa: 'مبلغ شارژ باید بین {min} و {max} باشد.', en: 'The top-up must be between {min} and {max}.' },
  wallet_charge_unavailable: { fa: 'شارژ آنلاین کیف پول در حال حاضر ممکن نیست.', en: 'Topping up the wallet online is not available right now.' },
  wallet_charge_not_found: { fa: 'این پرداخت پیدا نشد.', en: 'This payment was not found.' },
  wallet_charge_paid: { fa: 'کیف پول شما {amount} شارژ شد.', en: 'Your wallet was topped up with {amount}.' },
  wallet_charge_canceled: { fa: 'پرداخت لغو شد؛ کیف پول شارژ نشد.', en: 'The payment was canceled; your wallet was not topped up.' },
  wallet_charge_failed: { fa: 'پرداخت ناموفق بود؛ کیف پول شارژ نشد.', en: 'The payment failed; your wallet was not topped up.' },
  wallet_charge_waiting: { fa: 'بانک هنوز نتیجهٔ پرداخت را اعلام نکرده است.', en: 'The bank has not told us the payment\'s result yet.' },
} as const satisfies Record<string, Record<Language, string>>;
