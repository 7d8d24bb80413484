import { checkDeliveryTime, closedUntil, type ShiftHours } from '@contract/rules/delivery-time';

/** Why the shop takes no order now: a holiday (until when), its switch off, or outside its hours (which); null = open. */
export type ShopClosure =
  | { reason: 'holiday'; until: string }
  | { reason: 'switched_off' }
  | { reason: 'outside_hours'; opens: string; closes: string }
  | null;

/** The shop's closure at `now` by the checkout's own rule (checkDeliveryTime 'now'), so what is shown is what final_order says. */
export function shopClosure(shift: ShiftHours | undefined, now: Date = new Date()): ShopClosure {
  if (!shift || checkDeliveryTime(shift, 'now', now).ok) return null;
  const until = closedUntil(shift, now);
  if (until) return { reason: 'holiday', until };
  if (!shift.open || !shift.opens_at || !shift.closes_at) return { reason: 'switched_off' };
  return { reason: 'outside_hours', opens: shift.opens_at, closes: shift.closes_at };
}
