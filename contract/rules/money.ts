/** Money rules of the checkout; display formatting lives in contract/money.ts. */

/** `percent` % of a rial amount, rounded down to a whole rial. */
export const percentOf = (amount: number, percent: number): number => Math.floor((amount * percent) / 100);

/** Splits a total between the wallet and what is left to pay: the wallet takes at most the balance. */
export function splitWallet(total: number, balance: number): { wallet: number; payable: number } {
  const wallet = Math.max(0, Math.min(balance, total));
  return { wallet, payable: total - wallet };
}
