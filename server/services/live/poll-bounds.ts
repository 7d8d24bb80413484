/*
 * How many long polls one instance holds for one session, one account and one client address (docs/server.md,
 * "Live channel"). Past any, the newest poll is held and the oldest is answered at once with the
 * normal "nothing new" reply: one event wakes every held poll of its audience and each reads the
 * database again, so thousands held by one account made a single reply cost thousands of reads.
 */

/**
 * Held polls per session. The SPA holds one per visible tab (a hidden tab holds none), so a
 * customer's own browser stays well under it.
 */
export const LONGPOLLS_PER_SESSION = 8;

/**
 * Held polls per account, over all its sessions: a customer's phone, laptop and tablet each within their session's
 * bound, while an account signed in many times cannot hold thousands (one event for it wakes every one).
 */
export const LONGPOLLS_PER_ACCOUNT = 16;

/**
 * Held polls per client address (request.ip: TRUST_PROXY decides it behind a proxy), whichever
 * sessions they come from: room for many customers behind one NAT, while one address cannot hold a
 * poll for every session it ever signed in.
 */
export const LONGPOLLS_PER_ADDRESS = 100;

/** Who holds a poll, for the bounds and for ending a session's polls at logout. */
export interface PollOwner {
  /** the session's id (sessions.id, the hash of its cookie's token) */
  session: string;
  /** the account (the user's id) */
  account: string;
  /** the client address */
  address: string;
}

export interface PollBounds {
  perSession: number;
  perAccount: number;
  perAddress: number;
}

export const POLL_BOUNDS: PollBounds = { perSession: LONGPOLLS_PER_SESSION, perAccount: LONGPOLLS_PER_ACCOUNT, perAddress: LONGPOLLS_PER_ADDRESS };
