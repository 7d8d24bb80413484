/** A failed call: carries the server's message (already in the request's language) and its result word. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly code: string,
    readonly result: string | null = null,
    readonly errorCode: number | undefined = undefined,
    readonly status: number | undefined = undefined,
    /** the failure's data, e.g. { wait_seconds } of a 429 */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
