import { DeliveryMethod, type DeliveryMethodValue } from '../enums';

/** A delivery method as a shop stores it: texts in both languages, price in rial. */
export interface LocalizedDeliveryMethod {
  value: DeliveryMethodValue;
  status: 0 | 1;
  price: number;
  text: { fa: string; en: string };
  description: { fa: string; en: string };
}

/** The shop whose delivery methods the platform fixes (spec §9). */
export const FIXED_DELIVERY_SHOP_ID = 113;

/** Courier price at the fixed-methods shop, rial. */
export const FIXED_COURIER_PRICE = 300_000;

// The legacy shop 113's methods are fixed by the platform (spec §9): pickup and
// courier on, other-city off, whatever the shop's own rows say. Texts as seeded.
export const FIXED_DELIVERY_METHODS: readonly LocalizedDeliveryMethod[] = Object.freeze([
  {
    value: DeliveryMethod.pickup,
    status: 1,
    price: 0,
    text: { fa: 'تحویل حضوری', en: 'Pickup' },
    description: { fa: 'سفارش خود را از فروشگاه تحویل بگیرید.', en: 'Collect your order at the shop.' },
  },
  {
    value: DeliveryMethod.courier,
    status: 1,
    price: FIXED_COURIER_PRICE,
    text: { fa: 'ارسال با پیک', en: 'Courier' },
    description: { fa: 'ارسال با پیک در محدوده سرویس‌دهی، حدود ۴۵ دقیقه.', en: 'Courier delivery within the service area, about 45 minutes.' },
  },
  {
    value: DeliveryMethod.otherCity,
    status: 0,
    price: 0,
    text: { fa: 'ارسال به شهرهای دیگر', en: 'Send to another city' },
    description: { fa: 'ارسال با پست پیشتاز، ۳ تا ۵ روز کاری.', en: 'Express post, 3 to 5 working days.' },
  },
] as const);

/** The delivery methods a shop offers: the fixed platform list at shop 113, its configured rows elsewhere. */
export function deliveryMethodsOf(shopId: number, configured: readonly LocalizedDeliveryMethod[]): readonly LocalizedDeliveryMethod[] {
  return shopId === FIXED_DELIVERY_SHOP_ID ? FIXED_DELIVERY_METHODS : configured;
}
