import { UNAVAILABLE_RESULT } from '@contract/envelope';

/**
 * How an injected actor reports a refused call: the envelope's `result` word,
 * its localised `message` and its `data`. The view's actors throw this shape
 * (src/api/client's ApiError carries the same fields); guards read `result`.
 */
export interface ApiFailure {
  result: string;
  message: string;
  data?: unknown;
}

/** The `result` of a failure that carries none: the call never got an answer (network, timeout) or the actor threw. */
export const NETWORK_ERROR = 'network_error';

/**
 * The one normaliser of what an actor rejected with, for every machine: an ApiFailure
 * (src/api/failure.ts makes one of the client's ApiError) stays as it is; an Error or
 * anything else becomes a NETWORK_ERROR carrying its message.
 */
export function asFailure(error: unknown): ApiFailure {
  if (error !== null && typeof error === 'object') {
    const { result, message, data } = error as { result?: unknown; message?: unknown; data?: unknown };
    const text = typeof message === 'string' ? message : '';
    return typeof result === 'string' ? { result, message: text, data } : { result: NETWORK_ERROR, message: text };
  }
  return { result: NETWORK_ERROR, message: error === undefined ? '' : String(error) };
}

/** The results of a call that got no answer (the network, a timeout): the connection's coming back is their cure. */
const UNANSWERED_RESULTS: readonly string[] = [NETWORK_ERROR, 'network', 'timeout'];

/** A failure of the connection, not a refusal: shown until the connection is back, then gone. */
export const isUnanswered = (result: string): boolean => UNANSWERED_RESULTS.includes(result);

/** What to tell the person: the failure's (server-localised) message, or 'error' when it has none. */
export const messageOf = (error: unknown): string => asFailure(error).message || 'error';

/** The `wait_seconds` a failure's data carries (a 429 rate limit, a 503 outage), or null. */
export function waitSecondsOf(error: unknown): number | null {
  const wait = (asFailure(error).data as { wait_seconds?: unknown } | null | undefined)?.wait_seconds;
  return typeof wait === 'number' ? wait : null;
}

/** Used when a temporary outage names no wait. */
const DEFAULT_RETRY_SECONDS = 5;

/**
 * For a temporary outage (a 503 `service_unavailable`), the seconds the server asked to wait
 * before trying again; null for any other failure, which retrying will not fix by itself.
 */
export function retryAfterOf(error: unknown): number | null {
  if (asFailure(error).result !== UNAVAILABLE_RESULT) return null;
  const wait = waitSecondsOf(error);
  return wait !== null && wait > 0 ? wait : DEFAULT_RETRY_SECONDS;
}

/** The result word of a permanent not-found (404): retrying cannot help, the view says not found. */
export const NOT_FOUND_RESULT = 'not_found';

/** Every result word that means "not there (any more)": the generic 404 and the ones that name what is missing. */
const NOT_FOUND_RESULTS: readonly string[] = [NOT_FOUND_RESULT, 'ad_not_found', 'order_not_found', 'item_not_found', 'conversation_not_found'];

/** A failure retrying cannot fix because the thing asked for is not there: a chart's guard, so its view shows a not-found page. */
export const isNotFound = (error: unknown): boolean => NOT_FOUND_RESULTS.includes(asFailure(error).result);
