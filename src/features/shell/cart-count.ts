import type { AppSnapshot } from '@/ui/app-actor';

/** Number of units in the cart, for the badge. */
export const selectCartCount = (snapshot: AppSnapshot): number =>
  snapshot.context.cart?.lines.reduce((total, line) => total + line.item_count, 0) ?? 0;
