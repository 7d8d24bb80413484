import { UNAVAILABLE_RESULT, type Envelope } from '@contract/envelope';
import type { Language } from '@contract/enums';
import { RETRY_AFTER_SECONDS } from './db/unavailable';
import { translate } from './i18n/messages';

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

/** 503 while the database is down or timed out: the client waits `wait_seconds` (also sent as Retry-After) and tries again. */
export const serviceUnavailable = (language: Language): ApiError =>
  new ApiError(503, UNAVAILABLE_RESULT, translate(language, 'service_unavailable'), undefined, { wait_seconds: RETRY_AFTER_SECONDS });

/** Seconds a client waits before asking again when a bank could not be reached (Retry-After). */
export const GATEWAY_RETRY_AFTER_SECONDS = 30;

/** 503 while a bank cannot be reached: nothing was written; the client may try again after `wait_seconds`. */
export const gatewayUnavailable = (language: Language): ApiError =>
  new ApiError(503, 'gateway_unavailable', translate(language, 'gateway_unavailable'), undefined, { wait_seconds: GATEWAY_RETRY_AFTER_SECONDS });
