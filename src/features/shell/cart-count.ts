import type { CartSnapshot } from '@/ui/app-actor';

/** Number of units in the cart, for the badge (read from the cart actor). */
export const selectCartCount = (snapshot: CartSnapshot): number => snapshot.context.cart?.lines.reduce((total, line) => total + line.item_count, 0) ?? 0;
