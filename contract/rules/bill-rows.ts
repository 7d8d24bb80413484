import type { Bill } from '../entities/order';

/**
 * The rows of an order's money, in the order the payment step, the customer's invoice, the console's order view and
 * the kitchen ticket print them. `items` and `due` always; the others only when they are not zero, except shipping
 * when a first order's free shipping is told beside it.
 */
export type BillRow = 'items' | 'shipping' | 'discount' | 'permanent_discount' | 'tax' | 'packaging' | 'total' | 'gift' | 'wallet' | 'due';

/** What each row does to the running sum: the items and the charges add, the discounts and credits take off; `total` and `due` are the sums so far. */
const SIGNS: Record<BillRow, 1 | -1 | 0> = { items: 1, shipping: 1, discount: -1, permanent_discount: -1, tax: 1, packaging: 1, total: 0, gift: -1, wallet: -1, due: 0 };

/** The row takes its amount off (a discount, a credit): printed with a minus. */
export const takesOff = (row: BillRow): boolean => SIGNS[row] < 0;

export function billRows(bill: Bill): { row: BillRow; rial: number }[] {
  const rows: { row: BillRow; rial: number; always?: boolean }[] = [
    { row: 'items', rial: bill.pure_price, always: true },
    { row: 'shipping', rial: bill.shipping, always: bill.first_order > 0 },
    // The code's and the items' own discounts are one row: the spec's bill words them as one «تخفیف».
    { row: 'discount', rial: bill.discount + bill.discount_items },
    { row: 'permanent_discount', rial: bill.permanent_discount },
    { row: 'tax', rial: bill.tax },
    { row: 'packaging', rial: bill.packaging },
    { row: 'total', rial: bill.total },
    { row: 'gift', rial: bill.gift },
    { row: 'wallet', rial: bill.wallet },
    { row: 'due', rial: bill.payable, always: true },
  ];
  return rows.filter((row) => row.always || row.rial !== 0).map(({ row, rial }) => ({ row, rial }));
}

/**
 * Where the printed rows do not add up, as a reader checks them: each subtotal row (`total`, `due`) against the rows
 * above it, signed. Empty when every subtotal is the sum of what is printed above it.
 */
export function billRowsMismatch(bill: Bill): string[] {
  const mismatches: string[] = [];
  let sum = 0;
  for (const { row, rial } of billRows(bill)) {
    if (SIGNS[row] === 0) {
      if (sum !== rial) mismatches.push(`${row} ${rial} is not the rows above it (${sum})`);
      sum = rial;
    } else sum += SIGNS[row] * rial;
  }
  return mismatches;
}
