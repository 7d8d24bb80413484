import { type CartSnapshot } from '@/ui/actor-system';
import { countedInPieces, lineMeasure } from '@contract/units';

/**
 * The cart badge's number (read from the cart actor): the pieces of counted lines, and one for each
 * weighed or measured line, as a shop shows it: 1.4 kg of almonds is one thing in the cart, not 14 steps of 100 g.
 */
export const selectCartCount = (snapshot: CartSnapshot): number =>
  snapshot.context.cart?.lines.reduce((total, line) => total + (countedInPieces(lineMeasure(line.item_data).unit) ? line.item_count : 1), 0) ?? 0;
