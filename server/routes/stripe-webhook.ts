import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { payments, shops } from '../db/schema';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { createRepositories } from '../repositories';
import { settleAttempt } from '../services/checkout/settle-attempt';
import { takeSlot, waitSeconds } from '../services/rate-window';
import { STRIPE, type StripeGateway } from '../services/payments/stripe/gateway';

/** Where Stripe delivers the events of a Checkout Session (configured at the Stripe dashboard, docs/server.md). */
export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';

/** The events that may change a session's payment: each one only makes us ask Stripe about the session again. */
const SESSION_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired']);

/** Stripe retries a delivery for days; a flood from one address past this is refused (429) before any work. */
export const STRIPE_WEBHOOK_LIMIT = { kind: 'stripe_webhook', limit: 600, windowSeconds: 60 } as const;

const MAX_BODY = 256 * 1024;

/** The Checkout Session id an event names, read before its signature is checked only to find whose secret signs it. */
function sessionIdOf(raw: Buffer): string | null {
  try {
    const event = JSON.parse(raw.toString('utf8')) as { data?: { object?: { object?: unknown; id?: unknown } } };
    const object = event.data?.object;
    return object?.object === 'checkout.session' && typeof object.id === 'string' ? object.id : null;
  } catch {
    return null;
  }
}

/**
 * POST /payments/stripe/webhook: Stripe's signed events. The body is kept raw (the signature is over its bytes) and
 * checked with the signing secret of the session's shop (its own account's, else the server's): a bad or missing
 * signature is 400 with nothing written. A session event settles its attempt through settleAttempt, the path get_sep
 * takes on the customer's return, under the same locks, so a webhook before, after or racing the return captures once.
 * Not under a shop's login (Stripe signs, no session); limited per address (STRIPE_WEBHOOK_LIMIT).
 */
export async function stripeWebhookRoutes(app: FastifyInstance, { gateway }: { gateway: StripeGateway }) {
  const { db } = app;
  // This context only: the signature is over the bytes as sent, so the body stays a Buffer.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_request, body, done) => done(null, body));

  app.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
    const language = requestLanguage(undefined, request.headers['accept-language']);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    const badSignature = () => new ApiError(400, 'bad_signature', translate(language, 'webhook_bad_signature'));
    if (typeof signature !== 'string' || raw.length === 0) throw badSignature();

    const sessionId = sessionIdOf(raw);
    const [attempt] = sessionId
      ? await db
          .select({ shopId: payments.shopId, userId: payments.userId, orderId: payments.orderId, token: payments.token })
          .from(payments)
          .where(and(eq(payments.gateway, STRIPE), eq(payments.gatewayRef, sessionId)))
      : [];
    const [shop] = await db
      .select()
      .from(shops)
      .where(attempt ? eq(shops.id, attempt.shopId) : eq(shops.slug, app.settings.defaultShop));
    if (!shop) throw badSignature();

    const slot = await db.transaction((tx) => takeSlot(tx, { ...STRIPE_WEBHOOK_LIMIT, rootId: shop.rootId ?? shop.id, subject: `ip:${request.ip}`, now: app.clock() }));
    if ('waitSeconds' in slot) {
      const wait = waitSeconds(slot.waitSeconds);
      reply.header('retry-after', String(wait));
      throw new ApiError(429, 'rate_limited', translate(language, 'webhook_limit', { wait }), undefined, { wait_seconds: wait });
    }

    const secret = await gateway.webhookSecretFor(createRepositories(db, shop));
    let event: Stripe.Event;
    try {
      if (!secret) throw new Error('no webhook secret');
      event = Stripe.webhooks.constructEvent(raw, signature, secret);
    } catch {
      throw badSignature();
    }
    // Signed, but not a session event of ours (another app on the account, another kind of event): acknowledged, ignored.
    if (!attempt || !SESSION_EVENTS.has(event.type)) return { received: true };

    const tasks: (() => Promise<void>)[] = [];
    await db.transaction(async (tx) => {
      const repos = createRepositories(tx, shop);
      // Lock order of get_sep (docs/server.md): the owner, the order, its payment.
      await repos.carts.lockOwner({ userId: attempt.userId });
      const order = await repos.checkout.order(attempt.userId, attempt.orderId, true);
      const payment = await repos.checkout.paymentByToken(attempt.userId, attempt.token, true);
      if (!order || !payment) return;
      const context = { repos, shop, payments: app.payments, clock: app.clock, live: app.live, afterCommit: (task: () => Promise<void>) => void tasks.push(task) };
      await settleAttempt(context, order, payment);
    });
    for (const task of tasks) await task().catch((error: unknown) => request.log.warn({ err: error }, 'stripe webhook: after commit'));
    return { received: true };
  });
}
