import { DeliveryMethod } from '@contract/enums';
import type { StoredDeliveryMethod } from '../db/schema';
import { localized } from './types';

/** Pickup, courier and send-to-another-city, with fa/en texts; prices in rial. */
export function deliveryMethods(courierPrice = 350_000, otherCityPrice = 950_000): StoredDeliveryMethod[] {
  return [
    {
      value: DeliveryMethod.pickup,
      status: 1,
      price: 0,
      text: localized('تحویل حضوری', 'Pickup'),
      description: localized('سفارش خود را از فروشگاه تحویل بگیرید.', 'Collect your order at the shop.'),
    },
    {
      value: DeliveryMethod.courier,
      status: 1,
      price: courierPrice,
      text: localized('ارسال با پیک', 'Courier'),
      description: localized('ارسال با پیک در محدوده سرویس‌دهی، حدود ۴۵ دقیقه.', 'Courier delivery within the service area, about 45 minutes.'),
    },
    {
      value: DeliveryMethod.otherCity,
      status: 1,
      price: otherCityPrice,
      text: localized('ارسال به شهرهای دیگر', 'Send to another city'),
      description: localized('ارسال با پست پیشتاز، ۳ تا ۵ روز کاری.', 'Express post, 3 to 5 working days.'),
    },
  ];
}
