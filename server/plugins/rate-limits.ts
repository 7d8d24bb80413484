import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { endpoints, isCode } from '@contract/api';
import type { Database } from '../db/connection';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { sessionUserOf } from '../http/session';
import { ANONYMOUS_WRITE_LIMITS, FORM_SUBMISSION_CODES, SIGNED_IN_WRITE_LIMITS, type AnonymousWrite } from '../services/anonymous-limits';
import { GUEST_COOKIE, guestIdOf } from '../services/guest-cart';
import { releaseSlot, takeSlot, waitSeconds } from '../services/rate-window';

const ORDER_API = '/order/order.php';

const codeOf = (request: FastifyRequest): string => {
  const body = request.body as Record<string, unknown> | null | undefined;
  return body && typeof body === 'object' && typeof body.code === 'string' ? body.code.trim() : '';
};

const LIMITED_CODES = new Set(['contact_us', 'add_visit_item', 'cart_controller', ...FORM_SUBMISSION_CODES]);

/** Which limited write an anonymous request of `code` makes, if any; cart_controller only when it starts a guest cart. */
async function limitedWrite(request: FastifyRequest, code: string): Promise<AnonymousWrite | null> {
  if (code === 'contact_us' || code === 'add_visit_item') return code;
  if (FORM_SUBMISSION_CODES.includes(code)) return 'form_submission';
  if (code !== 'cart_controller') return null;
  const token = request.cookies[GUEST_COOKIE];
  return token && (await request.repos.carts.currentCart({ guestId: guestIdOf(token) })) ? null : 'guest_cart';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the rate_events row this request holds a slot with, given back if it fails */
    rateSlot: number | null;
  }
}

/**
 * Limits the writes of /order/order.php anyone can make without an account
 * (services/anonymous-limits.ts), per client address (request.ip, see TRUST_PROXY)
 * and shop root: 429 `rate_limited` with the wait in the message, in
 * data.wait_seconds and in Retry-After. Runs in the API context after the tenant
 * hook and before the action; signed-in customers pass untouched, except that their
 * form and survey submissions are limited per account. A slot is taken
 * before the action (so parallel requests cannot overrun the limit) and given back
 * when the reply is an error: bad input (a typo in the contact form) counts for nothing.
 */
export const rateLimitsPlugin = fp<{ db: Database; clock: () => Date }>(async (app, { db, clock }) => {
  app.decorateRequest('rateSlot', null);
  // onSend, not onResponse: the slot is back before the client can send its next request.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.rateSlot === null || reply.statusCode < 400) return payload;
    const eventId = request.rateSlot;
    request.rateSlot = null;
    await releaseSlot(db, eventId).catch((error: unknown) => request.log.warn({ error }, 'could not give back a rate-limit slot'));
    return payload;
  });
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || request.routeOptions.url !== ORDER_API) return;
    const code = codeOf(request);
    if (!LIMITED_CODES.has(code) || !isCode(code)) return;
    // A session cookie only counts when it names a live session (a made-up one is anonymous).
    const user = await sessionUserOf(request);
    if (user && !FORM_SUBMISSION_CODES.includes(code)) return;
    // A payload the contract refuses never reaches the action (400, nothing written): no slot to take or give back.
    if (!v.safeParse(endpoints[code].request, request.body).success) return;
    const anonymous = user ? null : await limitedWrite(request, code);
    if (!user && !anonymous) return;
    const { kind, limit, windowSeconds, message } = anonymous ? ANONYMOUS_WRITE_LIMITS[anonymous] : SIGNED_IN_WRITE_LIMITS.form_submission;
    const subject = user ? `user:${user.id}` : `ip:${request.ip}`;
    const rootId = request.shop.rootId ?? request.shop.id;
    const slot = await db.transaction((tx) => takeSlot(tx, { rootId, kind, subject, limit, windowSeconds, now: clock() }));
    if ('eventId' in slot) {
      request.rateSlot = slot.eventId;
      return;
    }
    const seconds = waitSeconds(slot.waitSeconds);
    const language = requestLanguage(request.body, request.headers['accept-language']);
    throw new ApiError(429, 'rate_limited', translate(language, message, { wait: seconds }), undefined, { wait_seconds: seconds });
  });
});
