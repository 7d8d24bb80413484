import type { Envelope } from '@contract/envelope';

/** A failure with a known HTTP status and a message already in the request's language. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly result: string,
    message: string,
    readonly errorCode?: number,
    /** optional reply data of a failure, e.g. { wait_seconds } of a 429 */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The success envelope. */
export const ok = <T>(data: T): Envelope<T> => ({ status: true, result: 'ok', data, message: null });

/** The failure envelope of an ApiError. */
export function failure(error: ApiError): Envelope<unknown> {
  const reply: Envelope<unknown> = { status: false, result: error.result, data: error.data ?? null, message: error.message };
  if (error.errorCode !== undefined) reply.error_code = error.errorCode;
  return reply;
}
