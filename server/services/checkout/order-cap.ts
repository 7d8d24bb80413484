import type { Bill } from '@contract/entities/order';

/**
 * What the shop's order cap (shops.order_total_max, contract/rules/counter.ts) is held against: the goods at their
 * prices, or the total when shipping, tax and packaging take it higher. Codes, the wallet and the discount bag lower
 * what is paid, not what is ordered, so a large order paid from credit is capped the same.
 */
export const cappedAmount = (bill: Pick<Bill, 'pure_price' | 'total'>): number => Math.max(bill.pure_price, bill.total);
