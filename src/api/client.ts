import * as v from 'valibot';
import { endpoints, type Code, type DataOf, type RequestOf } from '@contract/api';
import { normalizeDigits } from '@contract/digits';
import { DEFAULT_LANGUAGE, ErrorCode, type Language } from '@contract/enums';
import { envelope, isSuccess, UNAVAILABLE_RESULT } from '@contract/envelope';
import { HTTP_TIMEOUT_MS } from '@contract/rules/limits';
import { BranchSchema, type Branch } from '@contract/entities/shop';
import { ApiError } from './api-error';

const ENDPOINT = '/order/order.php';
const BRANCH_LIST_ENDPOINT = '/order/branch_list.php';
const LOGIN_REQUIRED_RESULT = 'login_required';

let currentLanguage: Language = DEFAULT_LANGUAGE;
let goHome: () => void = () => window.location.assign('/order/v2/');
let sessionLost: () => void = () => {};

/** Sets the language sent as Accept-Language with every call. */
export function setApiLanguage(language: Language): void {
  currentLanguage = language;
}

/** Registers what error_code -1 does (spec §8: send the user to '/'). */
export function onGoHome(handler: () => void): void {
  goHome = handler;
}

/** Registers what a `login_required` reply does (the session actor hears the server no longer knows the visitor). */
export function onSessionLost(handler: () => void): void {
  sessionLost = handler;
}

/** Raised when a call outlives HTTP_TIMEOUT_MS. */
class Timeout extends Error {}

/**
 * POSTs a form to the API with the visitor's language, giving up after
 * HTTP_TIMEOUT_MS (or when `signal` aborts: a long-poll left behind). Any HTTP
 * status resolves: the envelope says what happened.
 */
async function post(body: FormData, endpoint = ENDPOINT, signal?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Timeout()), HTTP_TIMEOUT_MS);
  const abandon = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', abandon, { once: true });
  try {
    return await fetch(new Request(endpoint, { method: 'POST', body, credentials: 'include', headers: { 'Accept-Language': currentLanguage }, signal: controller.signal }));
  } catch (error) {
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abandon);
  }
}

/** The language the API's replies are asked in (the upload sends it too). */
export const apiLanguage = (): Language => currentLanguage;

/** Payload values become form fields; strings lose Persian/Arabic digits (spec §5), objects travel as JSON. */
export function toFormData(code: string, payload: Record<string, unknown>): FormData {
  const form = fieldsOf(payload);
  form.set('code', code);
  return form;
}

/** Form fields of a payload, with the same digit normalisation as every call (the upload's fields too). */
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

const DEFAULT_RETRY_AFTER_SECONDS = 5;

/** The delta-seconds of a Retry-After header, else a default. */
function retryAfterSeconds(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_SECONDS;
}

function envelopeOf(code: string, status: number, body: unknown, retryAfter: string | null): v.InferOutput<typeof looseEnvelope> {
  const parsed = v.safeParse(looseEnvelope, body);
  if (parsed.success) return parsed.output;
  // A 503 page of a proxy (no envelope) is the same temporary outage as the server's own 503.
  if (status === 503) {
    return { status: false, result: UNAVAILABLE_RESULT, data: { wait_seconds: retryAfterSeconds(retryAfter) }, message: '' };
  }
  throw new ApiError(`Unexpected reply to ${code} (HTTP ${status})`, code, null, undefined, status);
}

async function readBody(code: string, response: Response): Promise<v.InferOutput<typeof looseEnvelope>> {
  const body: unknown = await response.json().catch(() => null);
  return envelopeOf(code, response.status, body, response.headers.get('retry-after'));
}

/** POSTs `code` with its payload as form-data and returns the reply's data, parsed by the contract schema. */
export function call<C extends Code>(code: C, payload: RequestOf<C>, options: { signal?: AbortSignal } = {}): Promise<DataOf<C>> {
  return request(code, toFormData(code, payload as Record<string, unknown>), endpoints[code].data, ENDPOINT, options.signal) as Promise<DataOf<C>>;
}

const BranchListSchema = v.array(BranchSchema);

/** POST /order/branch_list.php: the host's branches, measured from the position when one is given. */
export function branchList(position: { lat: number; lng: number } | null): Promise<Branch[]> {
  return request('branch_list', fieldsOf(position ?? {}), BranchListSchema, BRANCH_LIST_ENDPOINT) as Promise<Branch[]>;
}

/** POSTs a form to `endpoint`; `code` names the request in errors. The reply's data is parsed by `schema`. */
async function request(code: string, body: FormData, schema: v.GenericSchema, endpoint: string, signal?: AbortSignal): Promise<unknown> {
  let reply: v.InferOutput<typeof looseEnvelope>;
  let status: number;
  try {
    const response = await post(body, endpoint, signal);
    status = response.status;
    reply = await readBody(code, response);
  } catch (error) {
    if (error instanceof Timeout) {
      throw new ApiError(`Request ${code} timed out`, code, 'timeout');
    } else if (error instanceof ApiError) {
      throw error;
    } else {
      throw new ApiError(error instanceof Error ? error.message : String(error), code, 'network');
    }
  }
  return dataOf(code, status, reply, schema);
}

/** What every reply goes through: error_code -1 goes home, login_required tells the session, a refusal throws, data is parsed. */
function dataOf(code: string, status: number, reply: v.InferOutput<typeof looseEnvelope>, schema: v.GenericSchema): unknown {
  if (reply.error_code === ErrorCode.goHome) goHome();
  if (reply.result === LOGIN_REQUIRED_RESULT) sessionLost();
  if (!isSuccess(reply)) {
    throw new ApiError(reply.message ?? reply.result ?? `Request ${code} failed`, code, reply.result, reply.error_code, status, reply.data);
  }
  const data = v.safeParse(schema, reply.data);
  if (!data.success) {
    throw new ApiError(`Unexpected data in reply to ${code}: ${v.summarize(data.issues)}`, code, 'invalid_reply', undefined, status);
  }
  return data.output;
}

/** A reply read by another transport (the upload's XMLHttpRequest): the same envelope rules as `call`. */
export function readReply(code: string, status: number, body: unknown, retryAfter: string | null, schema: v.GenericSchema): unknown {
  return dataOf(code, status, envelopeOf(code, status, body, retryAfter), schema);
}
