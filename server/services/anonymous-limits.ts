/**
 * Limits on writes anyone can make without an account, per client address and
 * shop root (a brand and its branches count together). Signed-in customers are
 * never limited here: an account already passed the SMS limits.
 * Counted in `rate_events` rows, so every server instance shares them.
 */
export const ANONYMOUS_WRITE_LIMITS = {
  /** contact_us: a person writes a few messages, a bot writes thousands. */
  contact_us: { kind: 'contact', limit: 5, windowSeconds: 3600, message: 'contact_limit' },
  /** cart_controller that starts a new guest cart (no `gid` cookie, or one naming no open cart); later lines are free. */
  guest_cart: { kind: 'guest_cart', limit: 30, windowSeconds: 600, message: 'guest_cart_limit' },
  /** add_visit_item, counted or not: a person opens a few products a minute. */
  add_visit_item: { kind: 'visit_call', limit: 120, windowSeconds: 600, message: 'visit_limit' },
} as const;

export type AnonymousWrite = keyof typeof ANONYMOUS_WRITE_LIMITS;

/** One visit per visitor (account, else address) per product counts within this rolling window. */
export const VISIT_DEDUPE_SECONDS = 24 * 3600;
