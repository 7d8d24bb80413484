/**
 * Failed staff logins allowed per window, per username (one account cannot be guessed at) and
 * per client address (one address cannot guess at many accounts). A failure is counted before
 * the password is checked and given back when it was right, so parallel guesses cannot overrun
 * a limit. Full: 429 `rate_limited` until the oldest counted failure leaves the window.
 */
export const STAFF_LOGIN_LIMITS = {
  username: { limit: 5, windowSeconds: 15 * 60 },
  address: { limit: 20, windowSeconds: 15 * 60 },
} as const;

/** The rate_events kind of a failed (or not yet checked) staff login. */
export const STAFF_LOGIN_FAIL = 'staff_login_fail';
