import { NETWORK_ERROR, type ApiFailure } from '@machines/api-failure';
import { ApiError } from './api-error';

/** The refusal shape the machines read (`machines/api-failure.ts`) from whatever a call threw. */
export function toApiFailure(error: unknown): ApiFailure | unknown {
  if (error instanceof ApiError) return { result: error.result ?? error.errorCode?.toString() ?? NETWORK_ERROR, message: error.message, data: error.data ?? undefined };
  return error;
}

/** Runs a call and rejects with the machines' failure shape (result, message, data). */
export async function viaApi<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw toApiFailure(error);
  }
}
