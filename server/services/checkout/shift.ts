import { PREORDER_DAYS_DEFAULT, type ShiftHours } from '@contract/rules/delivery-time';
import type { ShopRow } from '../../db/schema';

/** The delivery-time rules live in the contract so the checkout machine and the server agree. */
export { checkDeliveryTime, tehranClock, withinHours, type DeliveryTimeCheck, type ShiftHours } from '@contract/rules/delivery-time';

/** A shop's shift as the rules read it: its switch, its hours and its pre-order horizon (its own, else the default). */
export function shiftOf(shop: Pick<ShopRow, 'shiftOpen' | 'opensAt' | 'closesAt' | 'closedUntil' | 'data'>): ShiftHours {
  const days = shop.data.preorder_days;
  return {
    open: shop.shiftOpen,
    opens_at: shop.opensAt,
    closes_at: shop.closesAt,
    preorder_days: Number.isSafeInteger(days) && days !== undefined && days >= 0 ? days : PREORDER_DAYS_DEFAULT,
    closed_until: shop.closedUntil ? shop.closedUntil.toISOString() : null,
  };
}
