import type { Envelope } from '@contract/envelope';

/** A failure with a known HTTP status and a message already in the request's language. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly result: string,
    message: string,
    readonly errorCode?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The success envelope. */
export const ok = <T>(data: T): Envelope<T> => ({ status: true, result: 'ok', data, message: null });

/** The failure envelope of an ApiError. */
export function failure(error: ApiError): Envelope<null> {
  const reply: Envelope<null> = { status: false, result: error.result, data: null, message: error.message };
  if (error.errorCode !== undefined) reply.error_code = error.errorCode;
  return reply;
}
