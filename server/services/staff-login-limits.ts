/**
 * Failed staff logins allowed per window. From a device not known for the username (see below), a failure counts
 * against the username at this address (the fast limit: one address cannot guess at an account), the address
 * itself (one address cannot guess at many accounts) and the username across addresses (the slower limit: many
 * addresses together cannot guess at it fast). A device that signed in as the username before (the `staff_device`
 * cookie, STAFF_DEVICE_TTL_SECONDS) counts only against the username on that device: guesses from elsewhere, or
 * from its own address, never hold it, so nobody else can lock the owner out of their own device. A failure is
 * counted before the password is checked and given back when it was right, so parallel guesses cannot overrun a
 * limit. Full: 429 `rate_limited` until the oldest counted failure leaves the window.
 */
export const STAFF_LOGIN_LIMITS = {
  /** per username and client address (or per username and known device) */
  pair: { limit: 5, windowSeconds: 15 * 60 },
  /** per client address, any username */
  address: { limit: 20, windowSeconds: 15 * 60 },
  /** per username, across addresses: what many addresses together may try in an hour */
  username: { limit: 30, windowSeconds: 60 * 60 },
} as const;

/** The rate_events kind of a failed (or not yet checked) staff login. */
export const STAFF_LOGIN_FAIL = 'staff_login_fail';

/** How long a device stays known for a username after a successful login there (a year). */
export const STAFF_DEVICE_TTL_SECONDS = 365 * 24 * 3600;

export interface LoginWindow {
  subject: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The windows a login attempt takes a slot in, in the order every attempt takes them (the first is the one a
 * successful login clears). `device` is the hash of a device cookie known for this username, else null.
 */
export function staffLoginWindows(username: string, ip: string, device: string | null): LoginWindow[] {
  if (device !== null) return [{ subject: `staff:${username}@device:${device}`, ...STAFF_LOGIN_LIMITS.pair }];
  return [
    { subject: `staff:${username}@ip:${ip}`, ...STAFF_LOGIN_LIMITS.pair },
    { subject: `ip:${ip}`, ...STAFF_LOGIN_LIMITS.address },
    { subject: `staff:${username}`, ...STAFF_LOGIN_LIMITS.username },
  ];
}
