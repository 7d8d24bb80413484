/** The session cookie: a random token whose sha256 keys the `sessions` row (docs/server.md). */
export const SESSION_COOKIE = 'sid';

/** At a master shop, the branch this visitor orders from (select_branch; plugins/tenant.ts). */
export const BRANCH_COOKIE = 'branch';
/** A year: the branch stays chosen for a returning visitor. */
export const BRANCH_COOKIE_SECONDS = 365 * 24 * 60 * 60;
