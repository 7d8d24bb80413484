import ky, { TimeoutError, type Input } from 'ky';
import * as v from 'valibot';
import { normalizeDigits } from '@contract/digits';
import type { Language } from '@contract/enums';
import { envelope, isSuccess, UNAVAILABLE_RESULT } from '@contract/envelope';
import { HTTP_TIMEOUT_MS } from '@contract/rules/limits';
import { ApiError } from './api-error';
import { unansweredText } from './connection-words';

/*
 * The form-data transport both apps share: the storefront's client (client.ts, /order/order.php)
 * and the operator console's (src/console/api.ts, /order/console/api). It knows envelopes and
 * timeouts, not codes: each client brings its endpoint, its schemas and what a reply means to it.
 */

/**
 * POSTs a form with the language as Accept-Language, giving up after HTTP_TIMEOUT_MS (ky's TimeoutError) or when
 * `signal` aborts (a long-poll left behind). No retries: a checkout is never sent twice by the transport. Any HTTP
 * status resolves: the envelope says what happened.
 */
const http = ky.create({ method: 'post', credentials: 'include', timeout: HTTP_TIMEOUT_MS, retry: 0, throwHttpErrors: false });

function post(body: FormData, endpoint: string, language: Language, signal?: AbortSignal): Promise<Response> {
  const headers = { 'Accept-Language': language };
  // ky copies its request for retries, which turns the body into a stream: the browser then sends a stream (and its
  // tools see no form). The form itself is sent, under ky's signal (the timeout and the chart's abort).
  const send = (request: Input) => fetch(new Request((request as Request).url, { method: 'POST', body, headers, credentials: 'include', signal: (request as Request).signal }));
  return http(endpoint, { body, headers, signal, fetch: send });
}

/** Payload values become form fields; strings lose Persian/Arabic digits (spec §5), objects travel as JSON. */
export function fieldsOf(payload: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.set(name, value);
    else if (typeof value === 'object') form.set(name, normalizeDigits(JSON.stringify(value)));
    else form.set(name, normalizeDigits(String(value)));
  }
  return form;
}

const looseEnvelope = envelope(v.unknown());
export type LooseReply = v.InferOutput<typeof looseEnvelope>;

const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** The delta-seconds of a Retry-After header, else a default. */
function retryAfterSeconds(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_SECONDS;
}

function envelopeOf(code: string, status: number, body: unknown, retryAfter: string | null): LooseReply {
  const parsed = v.safeParse(looseEnvelope, body);
  if (parsed.success) return parsed.output;
  // A 503 page of a proxy (no envelope) is the same temporary outage as the server's own 503.
  if (status === 503) {
    return { status: false, result: UNAVAILABLE_RESULT, data: { wait_seconds: retryAfterSeconds(retryAfter) }, message: '' };
  }
  throw new ApiError(`Unexpected reply to ${code} (HTTP ${status})`, code, null, undefined, status);
}

async function readBody(code: string, response: Response): Promise<LooseReply> {
  const body: unknown = await response.json().catch(() => null);
  return envelopeOf(code, response.status, body, response.headers.get('retry-after'));
}

/** What every reply goes through once it is an envelope: `onReply` sees it, a refusal throws, the data is parsed. */
function dataOf(code: string, status: number, reply: LooseReply, schema: v.GenericSchema, onReply?: (reply: LooseReply) => void): unknown {
  onReply?.(reply);
  if (!isSuccess(reply)) {
    throw new ApiError(reply.message ?? reply.result ?? `Request ${code} failed`, code, reply.result, reply.error_code, status, reply.data);
  }
  const data = v.safeParse(schema, reply.data);
  if (!data.success) {
    throw new ApiError(`Unexpected data in reply to ${code}: ${v.summarize(data.issues)}`, code, 'invalid_reply', undefined, status);
  }
  return data.output;
}

/** A reply read by another transport (the upload's XMLHttpRequest): the same envelope rules as postForm. */
export function readReply(code: string, status: number, body: unknown, retryAfter: string | null, schema: v.GenericSchema, onReply?: (reply: LooseReply) => void): unknown {
  return dataOf(code, status, envelopeOf(code, status, body, retryAfter), schema, onReply);
}

export interface FormRequest {
  /** names the request in errors */
  code: string;
  body: FormData;
  endpoint: string;
  language: Language;
  /** parses the reply's data */
  schema: v.GenericSchema;
  /** sees every envelope first (the storefront's error_code -1 and login_required) */
  onReply?: (reply: LooseReply) => void;
  /** aborts the request (a long-poll left behind) */
  signal?: AbortSignal;
}

/** POSTs a form and returns the reply's data parsed by `schema`; a refusal, a timeout or a network failure throws ApiError. */
export async function postForm({ code, body, endpoint, language, schema, onReply, signal }: FormRequest): Promise<unknown> {
  let reply: LooseReply;
  let status: number;
  try {
    const response = await post(body, endpoint, language, signal);
    status = response.status;
    reply = await readBody(code, response);
  } catch (error) {
    if (error instanceof TimeoutError) {
      throw new ApiError(unansweredText('timeout', language), code, 'timeout');
    } else if (error instanceof ApiError) {
      throw error;
    } else {
      throw new ApiError(unansweredText('network', language), code, 'network');
    }
  }
  return dataOf(code, status, reply, schema, onReply);
}
