/**
 * A price filter (get_list_item, get_items from_price/to_price) the server refuses with a 400:
 * a negative bound, or a minimum above the maximum. The list page marks its fields by the same
 * rule instead of asking (issue 10, defect 10). The keys are the server's message keys.
 */
export type PriceRangeProblem = 'price_negative' | 'price_range_reversed';

export function priceRangeProblem(from: number | undefined, to: number | undefined): PriceRangeProblem | null {
  if ((from ?? 0) < 0 || (to ?? 0) < 0) return 'price_negative';
  if (from !== undefined && to !== undefined && from > to) return 'price_range_reversed';
  return null;
}
