import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { consoleEndpoints, isConsoleCode } from '@contract/console/api';
import { CONSOLE_API } from '@contract/console/rules';
import type { ConsoleContext } from '../actions/console/context';
import { consoleDispatch } from '../console-dispatch';
import { createRepositories } from '../repositories';
import { ApiError, ok } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { clearStaffCookie, requireStaff, setStaffCookie, setStaffDeviceCookie, STAFF_COOKIE, STAFF_DEVICE_COOKIE, staffOf } from '../http/staff-session';
import { describeIssues, httpContext } from './order';

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body =>
  request.body !== null && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? (request.body as Body) : {};

/**
 * POST /order/console/api: the operator console's `code` dispatcher, inside the API context (the
 * Host's shop, CSRF, body limits). The shop is the Host's (`request.hostShop`); spec §2's shop rules
 * are the customers' and do not apply. Codes marked `staff: true` answer 401 `staff_login_required`
 * without a live staff session, before the payload is read.
 */
export async function consoleApiRoutes(app: FastifyInstance) {
  const { db, clock, live, payments, events, jobs } = app;
  app.post(CONSOLE_API, { config: { jsonApi: true } }, async (request, reply) => {
    const body = bodyOf(request);
    const language = requestLanguage(body, request.headers['accept-language']);
    const rawCode = body.code;
    if (rawCode === undefined || rawCode === '') throw new ApiError(400, 'invalid_input', translate(language, 'missing_code'));
    const code = typeof rawCode === 'string' ? rawCode.trim() : '';
    if (!isConsoleCode(code)) throw new ApiError(400, 'unknown_code', translate(language, 'unknown_code', { code: String(rawCode).slice(0, 60) }));
    const endpoint = consoleEndpoints[code];

    const staff = await staffOf(request);
    // A cookie that names no live session is dropped so the browser stops sending it (a login sets a new one over it).
    if (!staff && request.cookies[STAFF_COOKIE]) clearStaffCookie(request, reply);
    if (endpoint.staff) {
      const member = await requireStaff(request);
      // The owner's codes (the team, the audit log, the settings): refused before the payload is read, nothing runs.
      if ('owner' in endpoint && endpoint.owner && member.role !== 'owner') throw new ApiError(403, 'owner_only', translate(language, 'owner_only'));
    }
    const parsed = v.safeParse(endpoint.request, body);
    if (!parsed.success) throw new ApiError(400, 'invalid_input', describeIssues(parsed.issues, language));

    const context: ConsoleContext = {
      shop: request.hostShop,
      // The Host's shop: at a chosen branch, request.repos are the branch's.
      repos: request.hostShop === request.shop ? request.repos : createRepositories(db, request.hostShop),
      staff,
      language,
      ip: request.ip,
      clock,
      live,
      payments,
      events,
      jobs,
      warn: (message) => request.log.warn(message),
      // a held staff_longpull stops when its client leaves
      disconnected: () => httpContext(request, reply).disconnected,
      staffCookie: {
        value: request.cookies[STAFF_COOKIE],
        set: (token) => setStaffCookie(request, reply, token),
        clear: () => clearStaffCookie(request, reply),
      },
      deviceCookie: {
        value: request.cookies[STAFF_DEVICE_COOKIE],
        set: (token) => setStaffDeviceCookie(request, reply, token),
      },
    };
    const handler = consoleDispatch[code] as (context: ConsoleContext, input: unknown) => Promise<unknown>;
    const data = await handler(context, parsed.output);
    if (app.settings.validateReplies) v.parse(endpoint.data, data);
    return ok(data);
  });
}
