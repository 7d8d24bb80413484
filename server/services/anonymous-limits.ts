/**
 * Limits on writes anyone can make without an account, per client address and
 * shop root (a brand and its branches count together). Signed-in customers are
 * not limited by these (an account already passed the SMS limits); only their form
 * submissions are, per account (SIGNED_IN_WRITE_LIMITS).
 * Counted in `rate_events` rows, so every server instance shares them.
 */
export const ANONYMOUS_WRITE_LIMITS = {
  /** contact_us: a person writes a few messages, a bot writes thousands. */
  contact_us: { kind: 'contact', limit: 5, windowSeconds: 3600, message: 'contact_limit' },
  /** cart_controller that starts a new guest cart (no `gid` cookie, or one naming no open cart); later lines are free. */
  guest_cart: { kind: 'guest_cart', limit: 30, windowSeconds: 600, message: 'guest_cart_limit' },
  /** add_visit_item, counted or not: a person opens a few products a minute. */
  add_visit_item: { kind: 'visit_call', limit: 120, windowSeconds: 600, message: 'visit_limit' },
  /** submit_form and submit_survey together: a person answers a form or two, a bot floods the shop's inbox. */
  form_submission: { kind: 'form', limit: 5, windowSeconds: 600, message: 'form_limit' },
} as const;

export type AnonymousWrite = keyof typeof ANONYMOUS_WRITE_LIMITS;

/**
 * The one write limited for signed-in customers too, per account rather than per address (an
 * office behind one address is many people): submit_form and submit_survey together. Their rows
 * share the kind of the anonymous limit; the subject (`user:<id>`, not `ip:…`) keeps them apart.
 */
export const SIGNED_IN_WRITE_LIMITS = {
  form_submission: { kind: 'form', limit: 10, windowSeconds: 600, message: 'form_limit_account' },
} as const;

/**
 * Chat messages (send_message_web, send_message_to_conversation) of signed-in customers, counted
 * twice: per account, and per client address over every account there (one person with many
 * accounts, or a script). Both must have room; a refused or failed send counts for nothing.
 */
export const CHAT_SEND_LIMITS = {
  account: { kind: 'chat', limit: 20, windowSeconds: 60, message: 'chat_limit' },
  address: { kind: 'chat', limit: 60, windowSeconds: 60, message: 'chat_limit_network' },
} as const;

/** The codes that send a chat message. */
export const CHAT_SEND_CODES: readonly string[] = ['send_message_web', 'send_message_to_conversation'];

/** The codes whose accepted submissions count against the form limits. */
export const FORM_SUBMISSION_CODES: readonly string[] = ['submit_form', 'submit_survey'];

/** One visit per visitor (account, else address) per product counts within this rolling window. */
export const VISIT_DEDUPE_SECONDS = 24 * 3600;

/**
 * The shop's replies (support_reply and a staff member's picture to a chat) counted like
 * customers' messages: per staff account and per client address, in windows of their own kind.
 */
export const STAFF_CHAT_SEND_LIMITS = {
  account: { ...CHAT_SEND_LIMITS.account, kind: 'staff_chat' },
  address: { ...CHAT_SEND_LIMITS.address, kind: 'staff_chat' },
} as const;
