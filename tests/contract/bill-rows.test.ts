import { describe, expect, it } from 'vitest';
import type { Bill } from '../../contract/entities/order';
import { billRows, billRowsMismatch } from '../../contract/rules/bill-rows';
import { showsEstimate } from '../../src/features/orders/invoice-figures';
import { computeBill } from '../../server/services/checkout/bill';
import { defaultCheckoutSettings } from '../../server/services/checkout/settings';

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

describe('the rows of an order\'s money (the invoice, the console\'s order and its ticket)', () => {
  it('prints the items\' subtotal and what is due, and leaves every zero amount out', () => {
    expect(billRows(bill({ pure_price: 900_000, total: 900_000, payable: 900_000 }))).toEqual([
      { row: 'items', rial: 900_000 },
      { row: 'total', rial: 900_000 },
      { row: 'due', rial: 900_000 },
    ]);
  });

  it('prints each amount that is not zero in the payment step\'s order, and a due of zero', () => {
    const rows = billRows(bill({ pure_price: 1_000_000, shipping: 350_000, discount: 100_000, tax: 90_000, total: 1_340_000, wallet: 1_340_000, payable: 0 }));
    expect(rows.map((row) => row.row)).toEqual(['items', 'shipping', 'discount', 'tax', 'total', 'wallet', 'due']);
    expect(rows.at(-1)).toEqual({ row: 'due', rial: 0 });
  });

  it('keeps a free first shipping beside the words that say so', () => {
    expect(billRows(bill({ pure_price: 500_000, first_order: 350_000, total: 500_000, payable: 500_000 })).map((row) => row.row)).toEqual(['items', 'shipping', 'total', 'due']);
  });
});

describe('the rows add up', () => {
  it('for every kind of bill the checkout computes: each subtotal is the signed sum of the rows printed above it', () => {
    const lines = [{ itemCount: 3, price: 1_230_000, comment: [{ price: 45_000, count: 2 }] }, { itemCount: 1, price: 990_000, comment: [] }];
    const codes = [null, { code: 'P10', kind: 'percent' as const, value: 10, maxAmount: null }, { code: 'F', kind: 'fixed' as const, value: 250_000, maxAmount: null }];
    let checked = 0;
    for (const currency of ['IRT', 'IRR'] as const)
      for (const onlineDiscountPercent of [0, 5])
        for (const taxPercent of [0, 9])
          for (const packagingCost of [0, 150_000])
            for (const firstOrder of [false, true])
              for (const discount of codes)
                for (const [giftBalance, walletBalance] of [[null, null], [200_000, null], [null, 1_000_000], [500_000, 99_999_999]] as const) {
                  const bill = computeBill({
                    lines,
                    currency,
                    settings: { ...defaultCheckoutSettings, onlineDiscountPercent, taxPercent, packagingCost, freeFirstShipping: true },
                    discount,
                    methodPrice: 350_000,
                    addressId: 40,
                    firstOrder,
                    walletBalance,
                    giftBalance,
                  });
                  expect(billRowsMismatch(bill), JSON.stringify(bill)).toEqual([]);
                  checked++;
                }
    expect(checked).toBe(384);
  });

  it('the kebab order of the console\'s ticket: the online discount is a row of its own, and without it the total does not add up', () => {
    const bill = computeBill({
      lines: [{ itemCount: 1, price: 5_930_000, comment: [] }],
      currency: 'IRT',
      settings: { ...defaultCheckoutSettings, onlineDiscountPercent: 5, taxPercent: 9, packagingCost: 150_000 },
      discount: { code: 'TEN', kind: 'percent', value: 10, maxAmount: null },
      methodPrice: 0,
      addressId: null,
      firstOrder: false,
      walletBalance: null,
    });
    expect(billRows(bill)).toEqual([
      { row: 'items', rial: 5_930_000 },
      { row: 'discount', rial: 563_350 },
      { row: 'permanent_discount', rial: 296_500 },
      { row: 'tax', rial: 456_310 },
      { row: 'packaging', rial: 150_000 },
      { row: 'total', rial: 5_676_460 },
      { row: 'due', rial: 5_676_460 },
    ]);
    expect(billRowsMismatch({ ...bill, permanent_discount: 0 })).toEqual(['total 5676460 is not the rows above it (5972960)']);
  });
});

describe('the store\'s estimate', () => {
  it('shows only for an order wanted now, never beside a chosen time', () => {
    expect(showsEstimate('now')).toBe(true);
    expect(showsEstimate('12:30')).toBe(false);
    expect(showsEstimate('2026-12-09 12:30')).toBe(false);
  });
});
