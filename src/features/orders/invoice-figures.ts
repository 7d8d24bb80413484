import type { Bill } from '@contract/entities/order';

/** The amounts an invoice prints, in order; `items` and `due` always, the others only when they are not zero. */
export type InvoiceFigure = 'items' | 'shipping' | 'discount' | 'permanent_discount' | 'tax' | 'packaging' | 'total' | 'gift' | 'wallet' | 'due';

/**
 * The invoice's amounts and their rial. The words match the payment step's bill: «جمع کالاها» is the items'
 * subtotal, «مبلغ کل» the order's grand total, and the last row is what was paid or is still to pay. A zero row is
 * left out, except shipping when a first order's free shipping is told beside it.
 */
export function invoiceFigures(bill: Bill): { figure: InvoiceFigure; rial: number }[] {
  const rows: { figure: InvoiceFigure; rial: number; always?: boolean }[] = [
    { figure: 'items', rial: bill.pure_price, always: true },
    { figure: 'shipping', rial: bill.shipping, always: bill.first_order > 0 },
    { figure: 'discount', rial: bill.discount + bill.discount_items },
    { figure: 'permanent_discount', rial: bill.permanent_discount },
    { figure: 'tax', rial: bill.tax },
    { figure: 'packaging', rial: bill.packaging },
    { figure: 'total', rial: bill.total },
    { figure: 'gift', rial: bill.gift },
    { figure: 'wallet', rial: bill.wallet },
    { figure: 'due', rial: bill.payable, always: true },
  ];
  return rows.filter((row) => row.always || row.rial !== 0).map(({ figure, rial }) => ({ figure, rial }));
}

/**
 * Whether the store's estimate (ready or arriving at about) is shown: only for an order wanted now. An order for a
 * chosen time (later today, a pre-order) shows that time; an estimate beside it would contradict it.
 */
export const showsEstimate = (deliveryTime: string): boolean => deliveryTime === 'now';
