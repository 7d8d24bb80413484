import { consoleEndpoints, STAFF_LOGIN_REQUIRED } from '@contract/console/api';
import { orderEndpoints } from '@contract/console/endpoints/orders';
import type { DataIn, RequestIn } from '@contract/endpoint-types';
import { CONSOLE_API } from '@contract/console/rules';
import { DEFAULT_LANGUAGE, type Language } from '@contract/enums';
import { viaApi } from '@/api/failure';
import { fieldsOf, postForm } from '@/api/transport';

/**
 * The codes the console calls. The board's (orders_board, order_detail, order_change) are spread in here until the
 * server side registers them in contract/console/api.ts (issue 30's orders branch); then this is consoleEndpoints.
 */
const clientEndpoints = { ...orderEndpoints, ...consoleEndpoints };
type ClientEndpoints = typeof clientEndpoints;
type ConsoleCode = keyof ClientEndpoints;
type ConsoleRequestOf<C extends ConsoleCode> = RequestIn<ClientEndpoints, C>;
type ConsoleDataOf<C extends ConsoleCode> = DataIn<ClientEndpoints, C>;

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
    schema: clientEndpoints[code].data,
    signal: options.signal,
    onReply: (reply) => {
      if (reply.result === STAFF_LOGIN_REQUIRED) sessionLost();
    },
  });
  return viaApi(request) as Promise<ConsoleDataOf<C>>;
}
