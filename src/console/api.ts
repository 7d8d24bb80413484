import type { ConsoleCode, ConsoleDataOf, ConsoleRequestOf } from '@contract/console/api';
import { alwaysEndpoints } from '@contract/console/always-endpoints';
import { CONSOLE_API, STAFF_LOGIN_REQUIRED } from '@contract/console/rules';
import { DEFAULT_LANGUAGE, type Language } from '@contract/enums';
import { viaApi } from '@/api/failure';
import { fieldsOf, postForm } from '@/api/transport';

let language: Language = DEFAULT_LANGUAGE;
let sessionLost: () => void = () => {};

/** Sets the language sent as Accept-Language with every console call. */
export function setConsoleApiLanguage(next: Language): void {
  language = next;
}

/** The language console calls are sent in (the console's own upload reads it too). */
export const consoleApiLanguage = (): Language => language;

/** Registers what a `staff_login_required` reply does (the console chart hears `session.lost`). */
export function onStaffSessionLost(handler: () => void): void {
  sessionLost = handler;
}

type ReplySchemas = Record<string, { data: Parameters<typeof postForm>[0]['schema'] }>;
let screenSchemas: Promise<ReplySchemas> | null = null;

/** The reply schema of `code`: in the entry for the codes called from the first screen on, else from the screens' chunk (loaded once). */
async function replySchemaOf(code: ConsoleCode) {
  const always: ReplySchemas = alwaysEndpoints;
  if (code in always) return always[code].data;
  // A chunk that could not be fetched (offline) is asked again by the next call, not remembered as failed.
  screenSchemas ??= import('@contract/console/screen-endpoints').then(
    (loaded) => loaded.screenEndpoints as ReplySchemas,
    (error: unknown) => {
      screenSchemas = null;
      throw error;
    },
  );
  return (await screenSchemas)[code].data;
}

/**
 * POSTs a console code with its payload as form-data to /order/console/api and returns the reply's
 * data, parsed by the console contract; a refusal rejects with the machines' failure shape.
 * `signal` cancels the request (a long poll left behind by a logout).
 */
export function consoleCall<C extends ConsoleCode>(code: C, payload: ConsoleRequestOf<C>, options: { signal?: AbortSignal } = {}): Promise<ConsoleDataOf<C>> {
  const body = fieldsOf(payload as Record<string, unknown>);
  body.set('code', code);
  const request = replySchemaOf(code).then((schema) =>
    postForm({
      code,
      body,
      endpoint: CONSOLE_API,
      language,
      schema,
      signal: options.signal,
      onReply: (reply) => {
        if (reply.result === STAFF_LOGIN_REQUIRED) sessionLost();
      },
    }),
  );
  return viaApi(request) as Promise<ConsoleDataOf<C>>;
}
