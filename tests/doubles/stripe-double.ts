import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import Stripe from 'stripe';

/*
 * A local double of the part of Stripe's API the adapter uses (docs.stripe.com/api): Checkout Sessions (create,
 * retrieve), refunds (with Idempotency-Key), a page at each session's url with Pay and Decline, and signed webhook
 * deliveries (Stripe.webhooks.generateTestHeaderString). Its failures: a declined card, an API that never answers
 * (timeout), a refund it refuses, a charge of another amount than asked. Never used in production.
 */

export interface DoubleSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  mode: string;
  expires_at: number;
  /** the secret key the session was made with (which account) */
  key: string;
}

export interface StripeDouble {
  /** http://127.0.0.1:<port> */
  base: string;
  sessions: Map<string, DoubleSession>;
  /** every POST /v1/refunds received (a retry included) */
  refundCalls: { paymentIntent: string; idempotencyKey: string | null }[];
  /** the refunds made, one per idempotency key */
  refunds: Map<string, { id: string; payment_intent: string; amount: number }>;
  /** failure switches: every API call hangs (timeout); refunds refused; the next payment charges this many minor units more */
  failures: { hang: boolean; refuseRefunds: boolean; overcharge: number };
  /** The customer pays on the session's page: the url Stripe redirects to (success_url). */
  pay(sessionId: string): string;
  /** The card is declined: the session stays open and unpaid (Checkout shows the decline and lets them retry). */
  decline(sessionId: string): void;
  /** The session's 24 h ran out. */
  expire(sessionId: string): void;
  /** A webhook delivery of `type` for the session as it now is, signed with `secret`: the body and its Stripe-Signature. */
  signedEvent(type: string, sessionId: string, secret: string): { payload: string; signature: string };
  close(): Promise<void>;
}

const stripeError = (reply: FastifyReply, status: number, error: Record<string, string>) => reply.code(status).send({ error });

/** Starts the double on a free port. */
export async function startStripeDouble(): Promise<StripeDouble> {
  const app = Fastify();
  const sessions = new Map<string, DoubleSession>();
  const created = new Map<string, string>();
  const refunds = new Map<string, { id: string; payment_intent: string; amount: number }>();
  const refundCalls: StripeDouble['refundCalls'] = [];
  const failures = { hang: false, refuseRefunds: false, overcharge: 0 };
  const hung: FastifyReply[] = [];
  const id = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('hex')}`;
  let base = '';

  // Stripe's API bodies are form-encoded with bracketed keys (line_items[0][price_data][unit_amount]); kept flat.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/v1/') || !failures.hang) return done();
    // Never answers: the client's timeout ends the call (the reply is dropped when the double closes).
    hung.push(reply);
  });
  const keyOf = (request: FastifyRequest) => (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const view = (session: DoubleSession) => {
    const { key: _key, ...rest } = session;
    return rest;
  };
  const get = (sessionId: string): DoubleSession => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`stripe double: no session ${sessionId}`);
    return session;
  };

  app.post('/v1/checkout/sessions', async (request, reply) => {
    const body = request.body as Record<string, string>;
    const key = request.headers['idempotency-key'];
    const again = typeof key === 'string' ? created.get(key) : undefined;
    if (again) return view(get(again));
    const amount = Number(body['line_items[0][price_data][unit_amount]']) * Number(body['line_items[0][quantity]'] ?? 1);
    if (!Number.isSafeInteger(amount) || amount <= 0) return stripeError(reply, 400, { type: 'invalid_request_error', message: 'Invalid amount' });
    // Stripe's rule: a session lives 30 minutes to 24 hours (default 24 h).
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = body.expires_at === undefined ? now + 24 * 3600 : Number(body.expires_at);
    if (!(expiresAt >= now + 30 * 60 && expiresAt <= now + 24 * 3600)) {
      return stripeError(reply, 400, { type: 'invalid_request_error', param: 'expires_at', message: 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.' });
    }
    const metadata = Object.fromEntries(
      Object.entries(body)
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    const sessionId = id('cs');
    const session: DoubleSession = {
      id: sessionId,
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      currency: body['line_items[0][price_data][currency]'],
      client_reference_id: body.client_reference_id ?? null,
      metadata,
      payment_intent: null,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      url: `${base}/pay/${sessionId}`,
      mode: body.mode,
      expires_at: expiresAt,
      key: keyOf(request),
    };
    sessions.set(sessionId, session);
    if (typeof key === 'string') created.set(key, sessionId);
    return view(session);
  });

  app.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session) return stripeError(reply, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${request.params.id}'` });
    return view(session);
  });

  app.post('/v1/refunds', async (request, reply) => {
    const body = request.body as Record<string, string>;
    const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    refundCalls.push({ paymentIntent: body.payment_intent, idempotencyKey: key });
    if (failures.refuseRefunds) return stripeError(reply, 402, { type: 'invalid_request_error', code: 'charge_disputed', message: 'This charge cannot be refunded.' });
    if (key && refunds.has(key)) return refunds.get(key);
    const paid = [...sessions.values()].find((session) => session.payment_intent === body.payment_intent && session.payment_status === 'paid');
    if (!paid) return stripeError(reply, 400, { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${body.payment_intent}'` });
    if ([...refunds.values()].some((refund) => refund.payment_intent === body.payment_intent)) {
      return stripeError(reply, 400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' });
    }
    const refund = { id: id('re'), object: 'refund', payment_intent: body.payment_intent, amount: paid.amount_total, status: 'succeeded' };
    refunds.set(key ?? refund.id, refund);
    return refund;
  });

  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const session = sessions.get(request.params.id);
    if (!session) return reply.code(404).type('text/html').send('<h1>Not found</h1>');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><title>Stripe double</title><p data-testid="amount">${session.amount_total} ${session.currency}</p>` +
          `<form method="post" action="/pay/${session.id}/pay"><button>Pay</button></form><form method="post" action="/pay/${session.id}/decline"><button>Decline</button></form>`,
      );
  });
  const pay = (sessionId: string): string => {
    const session = get(sessionId);
    if (session.status === 'open') {
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi'), amount_total: session.amount_total + failures.overcharge });
      failures.overcharge = 0;
    }
    return session.success_url;
  };
  app.post<{ Params: { id: string } }>('/pay/:id/pay', async (request, reply) => reply.redirect(pay(request.params.id), 303));
  app.post<{ Params: { id: string } }>('/pay/:id/decline', async (request, reply) => {
    get(request.params.id);
    return reply.type('text/html').send('<p>Your card was declined.</p>');
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    base,
    sessions,
    refundCalls,
    refunds,
    failures,
    pay,
    decline: (sessionId) => void get(sessionId),
    expire(sessionId) {
      const session = get(sessionId);
      if (session.status === 'open') Object.assign(session, { status: 'expired', url: null });
    },
    signedEvent(type, sessionId, secret) {
      const payload = JSON.stringify({ id: id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object: view(get(sessionId)) } });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    async close() {
      for (const reply of hung) reply.raw.destroy();
      await app.close();
    },
  };
}
