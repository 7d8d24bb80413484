import * as v from 'valibot';

/**
 * Every reply is this envelope (spec §7). status is true (or 'ok') on success;
 * result is a short machine word ('ok', 'invalid_input', 'login_required', …);
 * message is human text in the request's language; error_code -1 sends the user to '/'.
 */
export const envelope = <TData extends v.GenericSchema>(data: TData) =>
  v.object({
    status: v.union([v.boolean(), v.literal('ok')]),
    result: v.nullable(v.string()),
    data,
    message: v.nullable(v.string()),
    error_code: v.optional(v.number()),
  });

export type Envelope<TData> = {
  status: boolean | 'ok';
  result: string | null;
  data: TData;
  message: string | null;
  error_code?: number;
};

export const isSuccess = (reply: { status: boolean | 'ok' }) => reply.status === true || reply.status === 'ok';

/** `result` of a 503: temporarily unavailable; `data.wait_seconds` (also the Retry-After header) says when to try again. */
export const UNAVAILABLE_RESULT = 'service_unavailable';

/** The `result` of a customer code asked for without a signed-in session (401): the SPA asks the visitor to log in. */
export const LOGIN_REQUIRED = 'login_required';
