/**
 * Whether the store's estimate (ready or arriving at about) is shown: only for an order wanted now. An order for a
 * chosen time (later today, a pre-order) shows that time; an estimate beside it would contradict it.
 */
export const showsEstimate = (deliveryTime: string): boolean => deliveryTime === 'now';
