/**
 * How long and how many connections a client may hold while it sends a request (docs/server.md,
 * "Slow clients"). Only the sending is bounded: once a request has arrived, the server owns the time
 * (a held long poll answers up to LONGPOLL_HOLD_MAX_MS later).
 */

/** The request's head (request line and headers) must arrive within this (Node's headersTimeout). */
export const REQUEST_HEAD_TIMEOUT_MS = 10_000;

/** A body gets this long, plus its length at the slowest rate below (a 1 KB form ~10 s, a 1 MiB form 42 s, a 3 MB photo ~100 s). */
export const BODY_BASE_TIMEOUT_MS = 10_000;
/** The slowest average rate a body may arrive at: 32 KiB/s (256 kbit/s, a poor mobile line). */
export const BODY_MIN_BYTES_PER_SECOND = 32 * 1024;

/** Open connections one client address may hold; the newest past it is closed at once. */
export const CONNECTIONS_PER_ADDRESS = 128;

/** How often overdue requests are looked for (Node's connectionsCheckingInterval too): a deadline is kept within this. */
export const SLOW_CLIENT_CHECK_MS = 1_000;
