import type { Currency } from '../enums';
import { moneyUnit } from './money';

/*
 * A customer's wallet top-up through the online gateway (spec §4's wallet operation "charge"). The wallet page checks
 * the amount before sending and the server refuses the same amounts (wallet_charge, 400 `wallet_charge_amount`).
 */

/** The least and the most one top-up may be, in rial (10,000 and 50,000,000 toman). */
export const WALLET_CHARGE_RIAL = { min: 100_000, max: 500_000_000 } as const;

/** Top-ups the wallet page offers as one tap, in rial. */
export const WALLET_CHARGE_CHOICES = [500_000, 1_000_000, 2_000_000, 5_000_000] as const;

/** Whether `rial` may be charged at a shop of `currency`: whole units of its currency, within WALLET_CHARGE_RIAL. */
export function isWalletChargeAmount(rial: number, currency: Currency): boolean {
  return Number.isSafeInteger(rial) && rial >= WALLET_CHARGE_RIAL.min && rial <= WALLET_CHARGE_RIAL.max && rial % moneyUnit(currency) === 0;
}

/** Where the bank sends the customer back after a top-up (the wallet page reads its `sep_id`). */
export const WALLET_CHARGE_RETURN_PATH = '/order/v2/profile/wallet';
