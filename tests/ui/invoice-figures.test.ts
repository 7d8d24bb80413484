import { describe, expect, it } from 'vitest';
import type { Bill } from '../../contract/entities/order';
import { invoiceFigures, showsEstimate } from '../../src/features/orders/invoice-figures';

const bill = (figures: Partial<Bill>): Bill => ({
  price: 0,
  pure_price: 0,
  discount: 0,
  discount_items: 0,
  permanent_discount: 0,
  first_order: 0,
  discount_code: null,
  shipping: 0,
  tax: 0,
  packaging: 0,
  total: 0,
  gift: 0,
  wallet: 0,
  payable: 0,
  ...figures,
});

describe('the invoice\'s amounts', () => {
  it('prints the items\' subtotal and what is due, and leaves every zero amount out', () => {
    expect(invoiceFigures(bill({ pure_price: 900_000, total: 900_000, payable: 900_000 }))).toEqual([
      { figure: 'items', rial: 900_000 },
      { figure: 'total', rial: 900_000 },
      { figure: 'due', rial: 900_000 },
    ]);
  });

  it('prints each amount that is not zero in the payment step\'s order, and a due of zero', () => {
    const rows = invoiceFigures(bill({ pure_price: 1_000_000, shipping: 350_000, discount: 100_000, tax: 90_000, total: 1_340_000, wallet: 1_340_000, payable: 0 }));
    expect(rows.map((row) => row.figure)).toEqual(['items', 'shipping', 'discount', 'tax', 'total', 'wallet', 'due']);
    expect(rows.at(-1)).toEqual({ figure: 'due', rial: 0 });
  });

  it('keeps a free first shipping beside the words that say so', () => {
    expect(invoiceFigures(bill({ pure_price: 500_000, first_order: 350_000, total: 500_000, payable: 500_000 })).map((row) => row.figure)).toEqual(['items', 'shipping', 'total', 'due']);
  });
});

describe('the store\'s estimate', () => {
  it('shows only for an order wanted now, never beside a chosen time', () => {
    expect(showsEstimate('now')).toBe(true);
    expect(showsEstimate('12:30')).toBe(false);
    expect(showsEstimate('2026-12-09 12:30')).toBe(false);
  });
});
