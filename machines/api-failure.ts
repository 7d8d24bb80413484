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

/** The failure an actor rejected with, whatever it threw. */
export function asFailure(error: unknown): ApiFailure {
  if (error !== null && typeof error === 'object' && 'result' in error && typeof (error as ApiFailure).result === 'string') {
    const failure = error as ApiFailure;
    return { result: failure.result, message: typeof failure.message === 'string' ? failure.message : '', data: failure.data };
  }
  return { result: 'network_error', message: error instanceof Error ? error.message : String(error) };
}

/** Used when a temporary outage names no wait. */
const DEFAULT_RETRY_SECONDS = 5;

/**
 * For a temporary outage (a 503 `service_unavailable`), the seconds the server asked to wait
 * before trying again; null for any other failure, which retrying will not fix by itself.
 */
export function retryAfterOf(error: unknown): number | null {
  const failure = asFailure(error);
  if (failure.result !== UNAVAILABLE_RESULT) return null;
  const wait = (failure.data as { wait_seconds?: unknown } | null | undefined)?.wait_seconds;
  return typeof wait === 'number' && wait > 0 ? wait : DEFAULT_RETRY_SECONDS;
}
