import type { Currency } from '../enums';

/**
 * Money rules of the checkout; display formatting lives in contract/money.ts.
 *
 * The rule (docs/checkout.md "The bill"): a bill deals in whole units of the shop's currency, a toman
 * (10 rial) at an IRT shop, a rial at an IRR shop. Every amount the bill computes (the online discount,
 * the code discount, the tax, the total and the wallet's share) is rounded toward zero to whole units,
 * so payable = total − wallet is whole too, and the figure the customer confirms is the one the gateway
 * is asked for and the one a cancel refunds. The SPA shows amounts with the same rounding (displayAmount).
 */

/** The smallest amount a bill deals in, in rial: a toman (10 rial) at an IRT shop, one rial at an IRR shop. */
export const moneyUnit = (currency: Currency): number => (currency === 'IRT' ? 10 : 1);

/** `rial` in whole units of the shop's currency, rounded toward zero. */
export function wholeUnits(rial: number, currency: Currency): number {
  const unit = moneyUnit(currency);
  return Math.trunc(rial / unit) * unit || 0; // never -0
}

/** `percent` % of a rial amount, rounded down to whole units of the shop's currency. */
export const percentOf = (amount: number, percent: number, currency: Currency): number => wholeUnits(Math.floor((amount * percent) / 100), currency);

/** Splits a whole-unit total between the wallet and what is left to pay: the wallet takes whole units, at most the balance. */
/**
 * What the discount bag and then the wallet pay of `total` (spec §7 use_wallet type gift): the bag
 * first, since it buys nothing else; each at most its balance and what is left to pay, never negative.
 */
export function splitCredits(total: number, giftBalance: number, walletBalance: number, currency: Currency): { gift: number; wallet: number; payable: number } {
  const gift = splitWallet(total, giftBalance, currency);
  const wallet = splitWallet(gift.payable, walletBalance, currency);
  return { gift: gift.wallet, wallet: wallet.wallet, payable: wallet.payable };
}

export function splitWallet(total: number, balance: number, currency: Currency): { wallet: number; payable: number } {
  const wallet = Math.max(0, Math.min(wholeUnits(balance, currency), total));
  return { wallet, payable: total - wallet };
}
