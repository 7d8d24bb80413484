import { describe, expect, it } from 'vitest';
import { DELIVERY_METHOD_VALUES, DeliveryMethod, deliveryMethodsOf, isDeliveryMethod, FIXED_COURIER_PRICE, FIXED_DELIVERY_METHODS, FIXED_DELIVERY_SHOP_ID, type LocalizedDeliveryMethod } from '@contract/index';

const text = (fa: string, en: string) => ({ fa, en });
const configured: LocalizedDeliveryMethod[] = [
  { value: 1, status: 0, price: 0, text: text('حضوری', 'In person'), description: text('', '') },
  { value: 2, status: 1, price: 725_000, text: text('پیک', 'Bike'), description: text('', '') },
  { value: 3, status: 1, price: 1_200_000, text: text('پست', 'Post'), description: text('', '') },
];

describe('delivery methods of a shop (spec §9: shop 113 has fixed delivery methods)', () => {
  it('any other shop offers exactly its configured rows', () => {
    for (const shopId of [1, 112, 114, 1253]) expect(deliveryMethodsOf(shopId, configured)).toBe(configured);
    expect(deliveryMethodsOf(7, [])).toEqual([]);
  });

  it('shop 113 offers the fixed list whatever its rows say: pickup free, courier at the fixed price, other city off', () => {
    expect(FIXED_DELIVERY_SHOP_ID).toBe(113);
    for (const rows of [configured, [], FIXED_DELIVERY_METHODS.slice(0, 1)]) {
      const methods = deliveryMethodsOf(113, rows);
      expect(methods.map(({ value, status, price }) => ({ value, status, price }))).toEqual([
        { value: 1, status: 1, price: 0 },
        { value: 2, status: 1, price: FIXED_COURIER_PRICE },
        { value: 3, status: 0, price: 0 },
      ]);
    }
    expect(FIXED_COURIER_PRICE).toBeGreaterThan(0);
  });

  it('the fixed list has fa and en texts for every method', () => {
    for (const method of deliveryMethodsOf(113, configured)) {
      for (const field of [method.text, method.description]) {
        expect(field.fa).toMatch(/[\u0600-\u06FF]/);
        expect(field.en).toMatch(/^[\x20-\x7E]+$/);
      }
    }
    expect(deliveryMethodsOf(113, configured).map((method) => method.text.en)).toEqual(['Pickup', 'Courier', 'Send to another city']);
  });

  it('the method values are spec §3\'s 1, 2 and 3, and nothing else is a method', () => {
    expect(DELIVERY_METHOD_VALUES).toEqual([DeliveryMethod.pickup, DeliveryMethod.courier, DeliveryMethod.otherCity]);
    expect(DeliveryMethod).toEqual({ pickup: 1, courier: 2, otherCity: 3 });
    expect([0, 1, 2, 3, 4, -1, null].map(isDeliveryMethod)).toEqual([false, true, true, true, false, false, false]);
  });
});
