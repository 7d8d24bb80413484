import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { endpoints, isCode, type Code } from '@contract/api';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { sessionUserOf } from '../http/session';
import { ANONYMOUS_WRITE_LIMITS, CHAT_SEND_CODES, CHAT_SEND_LIMITS, FORM_SUBMISSION_CODES, SIGNED_IN_WRITE_LIMITS, type AnonymousWrite } from '../services/anonymous-limits';
import type { MessageKey } from '../i18n/messages';
import type { UserRow } from '../db/schema';
import { GUEST_COOKIE, guestIdOf } from '../services/guest-cart';
import { releaseSlot, takeSlot, waitSeconds, type Window } from '../services/rate-window';

const ORDER_API = '/order/order.php';

const codeOf = (request: FastifyRequest): string => {
  const body = request.body as Record<string, unknown> | null | undefined;
  return body && typeof body === 'object' && typeof body.code === 'string' ? body.code.trim() : '';
};

const LIMITED_CODES = new Set(['contact_us', 'add_visit_item', 'cart_controller', ...FORM_SUBMISSION_CODES, ...CHAT_SEND_CODES]);

/** One window a request must find room in, and the message when it is full. */
type Limit = Omit<Window, 'rootId' | 'now'> & { message: MessageKey };

/** Which limited write an anonymous request of `code` makes, if any; cart_controller only when it starts a guest cart. */
async function limitedWrite(request: FastifyRequest, code: string): Promise<AnonymousWrite | null> {
  if (code === 'contact_us' || code === 'add_visit_item') return code;
  if (FORM_SUBMISSION_CODES.includes(code)) return 'form_submission';
  if (code !== 'cart_controller') return null;
  const token = request.cookies[GUEST_COOKIE];
  return token && (await request.repos.carts.currentCart({ guestId: guestIdOf(token) })) ? null : 'guest_cart';
}

/** The windows a request of `code` must find room in: none for most codes. */
async function limitsOf(request: FastifyRequest, code: string, user: UserRow | null): Promise<Limit[]> {
  if (CHAT_SEND_CODES.includes(code)) {
    // Anonymous senders are refused by the login gate; nothing to count.
    if (!user) return [];
    return [
      { ...CHAT_SEND_LIMITS.account, subject: `user:${user.id}` },
      { ...CHAT_SEND_LIMITS.address, subject: `ip:${request.ip}` },
    ];
  }
  if (user && !FORM_SUBMISSION_CODES.includes(code)) return [];
  if (user) return [{ ...SIGNED_IN_WRITE_LIMITS.form_submission, subject: `user:${user.id}` }];
  const anonymous = await limitedWrite(request, code);
  return anonymous ? [{ ...ANONYMOUS_WRITE_LIMITS[anonymous], subject: `ip:${request.ip}` }] : [];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the rate_events rows this request holds slots with, given back if it fails */
    rateSlots: number[] | null;
  }
}

/**
 * Limits the writes of /order/order.php anyone can make without an account
 * (services/anonymous-limits.ts), per client address (request.ip, see TRUST_PROXY)
 * and shop root: 429 `rate_limited` with the wait in the message, in
 * data.wait_seconds and in Retry-After. Runs in the API context after the tenant
 * hook and before the action; signed-in customers pass untouched, except that their
 * form and survey submissions are limited per account and their chat messages per
 * account and per address (CHAT_SEND_LIMITS). A slot is taken
 * before the action (so parallel requests cannot overrun the limit) and given back
 * when the reply is an error: bad input (a typo in the contact form) counts for nothing.
 */
export const rateLimitsPlugin = fp(async (app) => {
  const { db, clock } = app;
  app.decorateRequest('rateSlots', null);
  // onSend, not onResponse: the slots are back before the client can send its next request.
  // A callback hook: nearly every reply passes untouched, without an async hook's promise and microtask.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.rateSlots === null || reply.statusCode < 400) return done(null, payload);
    const eventIds = request.rateSlots;
    request.rateSlots = null;
    void (async () => {
      for (const eventId of eventIds) {
        await releaseSlot(db, eventId).catch((error: unknown) => request.log.warn({ error }, 'could not give back a rate-limit slot'));
      }
      done(null, payload);
    })();
  });
  /** Takes the request's slots, or refuses it when a window is full. */
  const limit = async (request: FastifyRequest, code: Code) => {
    // A payload the contract refuses never reaches the action (400, nothing written): no slot to take or give back.
    if (!v.safeParse(endpoints[code].request, request.body).success) return;
    // A session cookie only counts when it names a live session (a made-up one is anonymous).
    const user = await sessionUserOf(request);
    const limits = await limitsOf(request, code, user);
    if (limits.length === 0) return;
    const rootId = request.shop.rootId ?? request.shop.id;
    const now = clock();
    // Every window or none: a full one gives back the slots taken before it, in the same transaction.
    const outcome = await db.transaction(async (tx): Promise<{ taken: number[] } | { full: Limit; waitSeconds: number }> => {
      const taken: number[] = [];
      for (const limit of limits) {
        const slot = await takeSlot(tx, { rootId, kind: limit.kind, subject: limit.subject, limit: limit.limit, windowSeconds: limit.windowSeconds, now });
        if ('eventId' in slot) {
          taken.push(slot.eventId);
          continue;
        }
        for (const eventId of taken) await releaseSlot(tx, eventId);
        return { full: limit, waitSeconds: slot.waitSeconds };
      }
      return { taken };
    });
    if ('taken' in outcome) {
      request.rateSlots = outcome.taken;
      return;
    }
    const seconds = waitSeconds(outcome.waitSeconds);
    const language = requestLanguage(request.body, request.headers['accept-language']);
    throw new ApiError(429, 'rate_limited', translate(language, outcome.full.message, { wait: seconds }), undefined, { wait_seconds: seconds });
  };
  // A callback hook: most requests are not limited and pass without a promise (the code is checked before the
  // route, whose options Fastify builds anew on each read).
  app.addHook('preHandler', (request, _reply, done) => {
    const code = codeOf(request);
    if (!LIMITED_CODES.has(code) || !isCode(code) || request.method !== 'POST' || request.routeOptions.url !== ORDER_API) return done();
    limit(request, code).then(() => done(), done);
  });
});
