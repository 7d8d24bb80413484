import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { endpoints, isCode, type Code } from '@contract/api';
import { localDigits } from '@contract/numbers';
import type { Language } from '@contract/enums';
import { blankAsAbsent, CONTROL_CHARACTERS, coordinate, text } from '@contract/fields';
import { CONTENT_LINK_INVALID } from '@contract/rules/shop-content';
import { CODE_AREAS } from '@contract/rules/code-areas';
import type { ActionContext, HttpContext } from '../actions/context';
import { transactionWithRetry } from '../db/retry';
import type { ShopRow, UserRow } from '../db/schema';
import { dispatch } from '../dispatch';
import { createRepositories, type Repositories } from '../repositories';
import { ApiError, ok } from '../errors';
import { expectation, translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { toBranches } from '../actions/shop';
import { visitorPosition } from '../services/visitor-position';
import { LONG_POLL_CODES, LONG_POLL_LOOKUP } from '../services/live';
import { SESSION_COOKIE } from '../http/cookies';
import { sessionUserOf, type SessionLookup } from '../http/session';
import { enforceMenuOnly, enforceShopRules } from './shop-gate';
import type { KeptReply } from '../repositories/reply-cache';
import { replyEncoding } from '../plugins/compression';

type Body = Record<string, unknown>;
const bodyOf = (request: FastifyRequest): Body =>
  request.body !== null && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? (request.body as Body) : {};

/** Which expectation hint (i18n/messages.ts) explains a valibot issue. */
function issueKind(issue: v.BaseIssue<unknown>): string {
  if (issue.type === 'check' && issue.message === CONTROL_CHARACTERS) return 'control';
  if (issue.type === 'check' && (issue.message === 'inverted_range' || issue.message === 'invalid_bounds' || issue.message === CONTENT_LINK_INVALID)) return issue.message;
  const kinds: Record<string, string> = {
    picklist: 'choice',
    string: 'text',
    union: 'integer',
    regex: 'integer',
    safe_integer: 'integer',
    number: 'integer',
    min_value: 'at_least',
    max_value: 'at_most',
    min_length: 'min_length',
    max_length: 'list_max',
    parse_json: 'json',
  };
  return kinds[issue.type] ?? 'other';
}

/** One localised sentence per invalid field of a valibot failure. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[], language: Language): string {
  const seen = new Set<string>();
  const sentences: string[] = [];
  for (const issue of issues) {
    const field = issue.path?.map((item) => String(item.key)).join('.') ?? '?';
    if (seen.has(field)) continue;
    seen.add(field);
    if (issue.input === undefined) {
      sentences.push(translate(language, 'field_required', { field }));
      continue;
    }
    // A numeric bound is written in the language's digits.
    const bound = (issue as { requirement?: unknown }).requirement;
    const requirement = typeof bound === 'number' ? bound : String(bound ?? '');
    // A text over its cap reads "at most N characters"; a list over its cap names entries.
    if (issue.type === 'max_length' && typeof issue.input === 'string') {
      sentences.push(translate(language, 'text_too_long', { field, max: requirement }));
      continue;
    }
    const listed = (issue.expected ?? '').replace(/^\((.*)\)$/, '$1').replace(/"/g, '').split(' | ');
    // The choices in the language's digits, as the bounds are.
    const options = localDigits(listed.join(language === 'fa' ? '، ' : ', '), language);
    sentences.push(translate(language, 'field_invalid', { field, expected: expectation(language, issueKind(issue), { options, min: requirement, max: requirement }) }));
  }
  return sentences.join(' ');
}

/** The user of the request's `sid` cookie; `stale` when a cookie named no live session (it is then cleared). */
export async function sessionUser(request: FastifyRequest, reply: FastifyReply, lookup?: SessionLookup): Promise<{ user: UserRow | null; stale: boolean }> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return { user: null, stale: false };
  const user = await sessionUserOf(request, lookup);
  if (user) return { user, stale: false };
  // A cookie that names no live session is dropped so the browser stops sending it.
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  return { user: null, stale: true };
}

/** Cookies of the API are httpOnly, SameSite=Lax, for the whole host; Secure when the request came over HTTPS. */
export function httpContext(request: FastifyRequest, reply: FastifyReply): HttpContext {
  const secure = request.protocol === 'https';
  // Made on first use: only a held long-poll asks whether its client left.
  let disconnected: AbortController | null = null;
  return {
    cookies: request.cookies,
    ip: request.ip,
    secure,
    // A getter: only final_order's online payment asks.
    get origin() {
      return `${request.protocol}://${request.host}`;
    },
    setCookie: (name, value, { maxAgeSeconds }) =>
      void reply.setCookie(name, value, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: maxAgeSeconds }),
    clearCookie: (name) => void reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure }),
    get disconnected() {
      if (!disconnected) {
        const controller = (disconnected = new AbortController());
        // The response closes before it finished: the client (or the connection) went away.
        const onClose = () => {
          if (!reply.raw.writableFinished) controller.abort();
        };
        if (reply.raw.destroyed || request.raw.socket?.destroyed) controller.abort();
        else reply.raw.once('close', onClose);
      }
      return disconnected.signal;
    },
  };
}

const branchListRequest = v.object({ pass: v.optional(text()), lat: blankAsAbsent(coordinate()), lng: blankAsAbsent(coordinate()) });

/** Who asks, for which shop, in which language: what the HTTP request contributes to running a code. */
export interface Caller {
  shop: ShopRow;
  hostShop: ShopRow;
  repos: Repositories;
  user: UserRow | null;
  /** the request carried a session cookie that names no live session */
  stale: boolean;
  language: Language;
  http: HttpContext;
}

/**
 * Runs one code for a caller: spec §2's shop rules, login, payload validation,
 * the action (in one transaction for codes marked `writes`), reply validation.
 * The `code` dispatcher and the boot data of index.html (routes/boot-data.ts) both run codes through here,
 * with the services the app's plugins decorated (app.ts).
 */
export async function runCode(code: Code, body: Body, caller: Caller, server: FastifyInstance): Promise<unknown> {
  const { db, clock, jobs, payments, live, events } = server;
  const { shop, hostShop, repos, user, stale, language, http } = caller;
  const endpoint = endpoints[code];
  // Spec §2's shop rules come first: they decide for every code, whatever its payload.
  enforceShopRules(CODE_AREAS[code], shop, user, stale, language);
  enforceMenuOnly(code, shop, language);
  if (endpoint.login && !user) {
    throw stale
      ? new ApiError(401, 'session_invalid', translate(language, 'session_invalid'), -1)
      : new ApiError(401, 'login_required', translate(language, 'login_required'));
  }
  const parsed = v.safeParse(endpoint.request, body);
  if (!parsed.success) throw new ApiError(400, 'invalid_input', describeIssues(parsed.issues, language));

  // Work that must see the write committed (announcing live events); dropped when the transaction fails.
  const committed: (() => Promise<void>)[] = [];
  const afterCommit = (task: () => Promise<void>) => void committed.push(task);
  const context: ActionContext = { shop, hostShop, repos, user, language, http, clock, jobs, payments, live, events, afterCommit };
  const handler = dispatch[code] as (context: ActionContext, input: unknown) => Promise<unknown>;
  // Codes marked `writes: true` in the contract run in one transaction with repositories bound to it, run once more
  // after a deadlock or serialization failure (db/retry.ts); an attempt rolled back leaves no task to run after commit.
  const data =
    'writes' in endpoint && endpoint.writes
      ? await transactionWithRetry(db, (tx) => {
          committed.length = 0;
          return handler({ ...context, repos: createRepositories(tx, shop) }, parsed.output);
        })
      : await handler(context, parsed.output);
  for (const task of committed) await task();
  if (server.settings.validateReplies) v.parse(endpoints[code].data, data);
  return data;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a kept reply as @fastify/compress would send its bytes, with the compressed copy kept beside them instead
 * of compressing them again (the plugin leaves a reply with a Content-Encoding alone).
 */
function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptReply): FastifyReply {
  reply.header('content-type', JSON_TYPE);
  const encoding = replyEncoding(request.headers, kept.bytes.length);
  if (!encoding) return reply.send(kept.bytes);
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(kept.encoded(encoding));
}

/**
 * POST /order/order.php (the `code` dispatcher) and POST /order/branch_list.php. An anonymous catalog read
 * answers with the bytes of the same read before (the reply cache), while the shop is unchanged.
 */
export async function orderRoutes(app: FastifyInstance) {
  const replies = app.replyCache;
  /** The code's reply when no kept one answers: the action run, and for a shared read its bytes kept. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, code: Code, language: Language, body: Body, shared: boolean) => {
    const slot = shared ? await replies.slot(request, code, language, body) : null;
    if (slot?.hit) return sendKept(request, reply, slot.hit);
    // A long-poll's session look-up waits behind other requests' statements on PGlite (its first read too: long-poll.ts).
    const { user, stale } = await sessionUser(request, reply, LONG_POLL_CODES.has(code) ? LONG_POLL_LOOKUP : undefined);
    const data = await runCode(code, body, { shop: request.shop, hostShop: request.hostShop, repos: request.repos, user, stale, language, http: httpContext(request, reply) }, app);
    if (!slot) return ok(data);
    // Serialised here as Fastify would (JSON.stringify), once for every request alike.
    const bytes = Buffer.from(JSON.stringify(ok(data)));
    slot.keep(bytes);
    return reply.header('content-type', JSON_TYPE).send(bytes);
  };

  // Not an async handler: a kept reply is sent in the tick its body arrived, without a promise.
  app.post('/order/order.php', { config: { jsonApi: true } }, (request, reply) => {
    const body = bodyOf(request);
    const language = requestLanguage(body, request.headers['accept-language']);
    const rawCode = body.code;
    if (rawCode === undefined || rawCode === '') throw new ApiError(400, 'invalid_input', translate(language, 'missing_code'));
    const code = typeof rawCode === 'string' ? rawCode.trim() : '';
    if (!isCode(code)) throw new ApiError(400, 'unknown_code', translate(language, 'unknown_code', { code: String(rawCode).slice(0, 60) }));

    // Only a request without a session cookie shares replies: a signed-in one may carry the customer's own parts.
    const shared = !request.cookies[SESSION_COOKIE];
    const kept = shared ? replies.kept(request, code, language, body) : null;
    if (kept) {
      sendKept(request, reply, kept);
      return;
    }
    return answer(request, reply, code, language, body, shared);
  });

  app.post('/order/branch_list.php', { config: { jsonApi: true } }, async (request, reply) => {
    const body = bodyOf(request);
    const language = requestLanguage(body, request.headers['accept-language']);
    const parsed = v.safeParse(branchListRequest, body);
    if (!parsed.success) throw new ApiError(400, 'invalid_input', describeIssues(parsed.issues, language));
    if (parsed.output.pass !== undefined && parsed.output.pass !== request.shop.pass) {
      throw new ApiError(403, 'wrong_pass', translate(language, 'wrong_pass'));
    }
    // The Host's branches (also when this visitor has chosen one), measured from the position sent or the customer's last one.
    const repos = request.hostShop === request.shop ? request.repos : createRepositories(app.db, request.hostShop);
    const { user } = await sessionUser(request, reply);
    const at = await visitorPosition({ repos, user, language }, parsed.output);
    return ok(toBranches(await repos.branches.list(), at, language));
  });
}
