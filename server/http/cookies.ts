/** The session cookie: a random token whose sha256 keys the `sessions` row (docs/server.md). */
export const SESSION_COOKIE = 'sid';
