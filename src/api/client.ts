import * as v from 'valibot';
import type { Code, DataOf, RequestOf } from '@contract/api';
import { firstVisitEndpoints } from '@contract/endpoints/first-visit';
import { DEFAULT_LANGUAGE, ErrorCode, type Language } from '@contract/enums';
import { BranchSchema, type Branch } from '@contract/entities/shop';
import { LOGIN_REQUIRED } from '@contract/envelope';
import { ApiError } from './api-error';
import { unansweredText } from './connection-words';
import { fieldsOf, postForm, readReply as readFormReply, type LooseReply } from './transport';

export { fieldsOf };

const ENDPOINT = '/order/order.php';
const BRANCH_LIST_ENDPOINT = '/order/branch_list.php';

let currentLanguage: Language = DEFAULT_LANGUAGE;
let goHome: () => void = () => window.location.assign('/order/v2/');
let sessionLost: () => void = () => {};

/** Sets the language sent as Accept-Language with every call. */
export function setApiLanguage(language: Language): void {
  currentLanguage = language;
}

/** The language the API's replies are asked in (the upload sends it too). */
export const apiLanguage = (): Language => currentLanguage;

/** Registers what error_code -1 does (spec §8: send the user to '/'). */
export function onGoHome(handler: () => void): void {
  goHome = handler;
}

/** Registers what a `login_required` reply does (the session actor hears the server no longer knows the visitor). */
export function onSessionLost(handler: () => void): void {
  sessionLost = handler;
}

/** Payload values become form fields plus `code`; strings lose Persian/Arabic digits (spec §5), objects travel as JSON. */
export function toFormData(code: string, payload: Record<string, unknown>): FormData {
  const form = fieldsOf(payload);
  form.set('code', code);
  return form;
}

/** What every storefront reply may ask of the app, whatever the code. */
function heed(reply: LooseReply): void {
  if (reply.error_code === ErrorCode.goHome) goHome();
  if (reply.result === LOGIN_REQUIRED) sessionLost();
}

type ReplySchemas = Record<string, { data: v.GenericSchema }>;
let laterSchemas: Promise<ReplySchemas> | null = null;

/** The later codes' schemas, loaded once; a chunk that could not be fetched (offline) is asked again next time. */
function loadLaterSchemas(): Promise<ReplySchemas> {
  laterSchemas ??= import('@contract/endpoints/later').then(
    (loaded) => loaded.laterEndpoints as ReplySchemas,
    (error: unknown) => {
      laterSchemas = null;
      throw error;
    },
  );
  return laterSchemas;
}

/** Fetches the later codes' schemas ahead of their first call (start.tsx, once the page is idle). */
export function prefetchLaterSchemas(): void {
  loadLaterSchemas().catch(() => {});
}

/** The reply schema of `code`: in the entry for the first visit's codes, else from the later codes' chunk. */
async function replySchemaOf(code: Code): Promise<v.GenericSchema> {
  const first: ReplySchemas = firstVisitEndpoints;
  if (code in first) return first[code].data;
  return (await loadLaterSchemas())[code].data;
}

/** POSTs `code` with its payload as form-data and returns the reply's data, parsed by the contract schema. */
export async function call<C extends Code>(code: C, payload: RequestOf<C>, options: { signal?: AbortSignal } = {}): Promise<DataOf<C>> {
  const body = toFormData(code, payload as Record<string, unknown>);
  const schema = await replySchemaOf(code).catch(() => {
    throw new ApiError(unansweredText('network', currentLanguage), code, 'network');
  });
  return postForm({ code, body, endpoint: ENDPOINT, language: currentLanguage, schema, onReply: heed, signal: options.signal }) as Promise<DataOf<C>>;
}

/** A reply read by another transport (the upload's XMLHttpRequest): the same rules as `call`, error_code -1 and login_required included. */
export function readReply(code: string, status: number, body: unknown, retryAfter: string | null, schema: v.GenericSchema): unknown {
  return readFormReply(code, status, body, retryAfter, schema, heed);
}

const BranchListSchema = v.array(BranchSchema);

/** POST /order/branch_list.php: the host's branches, measured from the position when one is given. */
export function branchList(position: { lat: number; lng: number } | null): Promise<Branch[]> {
  const body = fieldsOf(position ?? {});
  return postForm({ code: 'branch_list', body, endpoint: BRANCH_LIST_ENDPOINT, language: currentLanguage, schema: BranchListSchema, onReply: heed }) as Promise<Branch[]>;
}
