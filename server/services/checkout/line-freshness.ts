import type { CartLine } from '../../repositories/cart-statements';
import type { ListedItemRow } from '../../repositories/catalog-repository';

/** A line whose price is no longer its item's: the price (and size) it takes now. */
export interface RepricedLine {
  line: CartLine;
  price: number;
  size: { name: string; price: number } | null;
}

/** What changed under a cart's lines since they were added (issue 32): items finished for now, and prices. */
export interface LineChanges {
  finished: CartLine[];
  repriced: RepricedLine[];
}

/**
 * Compares a cart's lines with their items as they are now (`products`: the lines' items; a line whose item is
 * gone is left to the checkout). A line with a size takes that size's price, found by the name it was stored
 * under (either language); a size no longer offered keeps the line's price. Extras keep theirs.
 */
export function lineChanges(lines: readonly CartLine[], products: readonly ListedItemRow[]): LineChanges {
  const byId = new Map(products.map((row) => [row.id, row]));
  const changes: LineChanges = { finished: [], repriced: [] };
  for (const entry of lines) {
    const item = byId.get(entry.line.itemId);
    if (!item) continue;
    if (!item.inStock) changes.finished.push(entry);
    const stored = entry.line.size;
    const size = stored ? (item.data.sizes ?? []).find((offered) => offered.name === stored.name || offered.name_en === stored.name) : undefined;
    if (stored && !size) continue;
    const price = size ? size.price : item.price;
    if (price !== entry.line.price) changes.repriced.push({ line: entry, price, size: stored && size ? { name: stored.name, price } : null });
  }
  return changes;
}

/** The ids of the items of a cart's lines, each once. */
export const lineItemIds = (lines: readonly CartLine[]): number[] => [...new Set(lines.map(({ line }) => line.itemId))];
