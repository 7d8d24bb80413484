import type { Bill } from '@contract/entities/order';
import type { Currency } from '@contract/enums';
import { percentOf, splitCredits, wholeUnits } from '@contract/rules/money';
import type { DiscountCodeRow } from '../../db/schema';
import type { CheckoutSettings } from './settings';

export interface PricedLine {
  itemCount: number;
  /** rial per unit (the size's price when a size is chosen) */
  price: number;
  comment: { price: number; count: number }[];
}

/** Unit price of a line with its priced extras. */
export const unitPrice = (line: PricedLine): number => line.price + line.comment.reduce((sum, extra) => sum + extra.price * extra.count, 0);

/** Sum of every line: count x (price + extras). */
export const purePrice = (lines: readonly PricedLine[]): number => lines.reduce((sum, line) => sum + line.itemCount * unitPrice(line), 0);

/** What a code takes off `base` (percent, capped by max_amount; or fixed, at most the base), in whole units of `currency`. */
export function discountAmount(code: Pick<DiscountCodeRow, 'kind' | 'value' | 'maxAmount'>, base: number, currency: Currency): number {
  if (base <= 0) return 0;
  const raw = code.kind === 'percent' ? percentOf(base, code.value, currency) : code.value;
  const capped = code.maxAmount !== null && code.kind === 'percent' ? Math.min(raw, code.maxAmount) : raw;
  return wholeUnits(Math.max(0, Math.min(capped, base)), currency);
}

export interface BillInput {
  lines: readonly PricedLine[];
  /** the shop's currency: the bill deals in its whole units (contract/rules/money.ts) */
  currency: Currency;
  settings: CheckoutSettings;
  /** an already validated code, or null */
  discount: Pick<DiscountCodeRow, 'code' | 'kind' | 'value' | 'maxAmount'> | null;
  /** price of the chosen delivery method; 0 before one is chosen */
  methodPrice: number;
  /** the chosen address id: ids under 10 mean no transport */
  addressId: number | null;
  firstOrder: boolean;
  /** the wallet balance when the cart pays from the wallet, else null */
  walletBalance: number | null;
  /** the discount bag's balance when the cart pays from it, else null (absent: null) */
  giftBalance?: number | null;
}

/**
 * The bill, every figure in rial (docs/checkout.md "Bill"):
 * price = pure − item discounts − permanent (online %) − code discount;
 * total = price + shipping + tax + packaging; payable = total − gift (the discount bag) − wallet.
 * Every computed figure (permanent, discount, tax, total, wallet) is whole units of the
 * shop's currency (a toman at IRT shops), so payable is the one number confirmed, charged and refunded.
 */
export function computeBill(input: BillInput): Bill {
  const pure = purePrice(input.lines);
  const permanent = input.settings.onlineDiscountPercent > 0 ? percentOf(pure, input.settings.onlineDiscountPercent, input.currency) : 0;
  const discount = input.discount ? discountAmount(input.discount, pure - permanent, input.currency) : 0;
  const price = Math.max(0, pure - permanent - discount);
  const transport = input.addressId !== null && input.addressId > 0 && input.addressId < 10 ? 0 : input.methodPrice;
  const firstOrder = input.firstOrder && input.settings.freeFirstShipping ? transport : 0;
  const shipping = transport - firstOrder;
  const empty = input.lines.length === 0;
  const tax = empty ? 0 : percentOf(price, input.settings.taxPercent, input.currency);
  const packaging = empty ? 0 : input.settings.packagingCost;
  // Whole already when prices are (they are entered in the shop's currency); a price stored in odd rial is rounded away here.
  const total = empty ? 0 : wholeUnits(price + shipping + tax + packaging, input.currency);
  const { gift, wallet, payable } = splitCredits(total, input.giftBalance ?? 0, input.walletBalance ?? 0, input.currency);
  return {
    pure_price: pure,
    discount_items: 0,
    first_order: firstOrder,
    permanent_discount: permanent,
    discount,
    price,
    discount_code: input.discount?.code ?? null,
    shipping: empty ? 0 : shipping,
    tax,
    packaging,
    total,
    gift,
    wallet,
    payable,
  };
}
