/**
 * Which database failures mean "the database is unavailable right now" (answered 503 with
 * Retry-After) rather than a bug (500): the server is down or restarting, the pool had no
 * client in time, or a statement or lock wait ran past its timeout.
 */

/** Seconds a client is told to wait (Retry-After) before trying again. */
export const RETRY_AFTER_SECONDS = 5;

const unavailableCodes = new Set([
  '57P01', // admin_shutdown: the server is stopping or restarting
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
]);
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// node-postgres says these in words only (no code): the pool's acquire timeout and a dead socket.
const unavailableMessages = [
  'timeout exceeded when trying to connect',
  'connection terminated',
  'connection error and is not queryable',
  'client was closed and is not queryable',
];

/**
 * A network failure of the server's own socket: Node names the system call that failed (connect, read, write,
 * getaddrinfo). A client that breaks its request body off is an ECONNRESET too ('aborted', from the HTTP parser,
 * no system call): the client's doing, never an outage (anyone could raise false alerts with it).
 */
function isOwnNetworkFailure(error: object, code: string): boolean {
  return networkCodes.has(code) && typeof (error as { syscall?: unknown }).syscall === 'string';
}

function isUnavailableItself(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unavailableCodes.has(code) || isOwnNetworkFailure(error, code) || code.startsWith('08'))) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && unavailableMessages.some((words) => message.toLowerCase().includes(words));
}

/** True when `error` (or an error it wraps, e.g. Drizzle's DrizzleQueryError) is a database outage or timeout. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    if (isUnavailableItself(current)) return true;
    seen.add(current);
    const aggregate = (current as { errors?: unknown }).errors;
    // ECONNREFUSED to a host with both IPv4 and IPv6 addresses arrives as an AggregateError.
    if (Array.isArray(aggregate) && aggregate.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
