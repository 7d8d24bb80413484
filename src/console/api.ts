import { consoleEndpoints, STAFF_LOGIN_REQUIRED, type ConsoleCode, type ConsoleDataOf, type ConsoleRequestOf } from '@contract/console/api';
import { CONSOLE_API } from '@contract/console/rules';
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

/**
 * POSTs a console code with its payload as form-data to /order/console/api and returns the reply's
 * data, parsed by the console contract; a refusal rejects with the machines' failure shape.
 * `signal` cancels the request (a long poll left behind by a logout).
 */
export function consoleCall<C extends ConsoleCode>(code: C, payload: ConsoleRequestOf<C>, options: { signal?: AbortSignal } = {}): Promise<ConsoleDataOf<C>> {
  const body = fieldsOf(payload as Record<string, unknown>);
  body.set('code', code);
  const request = postForm({
    code,
    body,
    endpoint: CONSOLE_API,
    language,
    schema: consoleEndpoints[code].data,
    signal: options.signal,
    onReply: (reply) => {
      if (reply.result === STAFF_LOGIN_REQUIRED) sessionLost();
    },
  });
  return viaApi(request) as Promise<ConsoleDataOf<C>>;
}
