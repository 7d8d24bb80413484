/*
 * The counter's settings (a shop's, edited by its owner in the console) and their bounds: how long an online
 * payment may be awaited, what a referral earns, whether the customer gets an SMS on confirm and send, how much
 * a staff member (not the owner) may add to a wallet at once and in a day, and the most one order may come to.
 */

/** Rial per US dollar, for the spec's dollar amounts (the referral's 20 dollars). */
export const USD_IN_RIAL = 600_000;

/** Minutes an order may wait for its online payment (status 2) before it expires and the cart reopens. */
export const PAYMENT_WAIT_MINUTES = { default: 20, min: 5, max: 24 * 60 } as const;

/** The referrer's reward when the referred customer's first order completes (spec §1: 20 dollars), rial. */
export const REFERRAL_REWARD_RIAL = { default: 20 * USD_IN_RIAL, min: 0, max: 1_000 * USD_IN_RIAL } as const;

/** The most a staff member may add to one wallet at once (the owner has no limit), rial. */
export const STAFF_WALLET_LIMIT_RIAL = { default: 20 * USD_IN_RIAL, min: 0, max: 1_000 * USD_IN_RIAL } as const;

/** The most a staff member (not the owner) may add to wallets in one Tehran day, all customers together, rial. */
export const STAFF_WALLET_DAY_LIMIT_RIAL = { default: 100 * USD_IN_RIAL, min: 0, max: 10_000 * USD_IN_RIAL } as const;

/**
 * The most one order may come to, rial: the larger of its goods at their prices (pure price) and its total, whatever
 * wallet, discount bag or code pays for it. 5,000 dollars (300 million toman) passes a large catering order.
 */
export const ORDER_TOTAL_MAX_RIAL = { default: 5_000 * USD_IN_RIAL, min: USD_IN_RIAL, max: 100_000 * USD_IN_RIAL } as const;

/** Longest reason of a wallet adjustment or an access refusal (the customer reads it). */
export const ADJUST_REASON_MAX = 300;
