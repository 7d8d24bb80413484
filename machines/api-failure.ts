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
