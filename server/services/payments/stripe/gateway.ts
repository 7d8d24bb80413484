import Stripe from 'stripe';
import type { Repositories } from '../../../repositories';
import type { PaymentAttempt, PaymentGateway, VerifyOutcome } from '../gateway';
import { toMinorUnits, type StripeSettings } from './settings';

export const STRIPE = 'stripe';

/** How long a Checkout Session can be paid: Stripe allows 30 min to 24 h. */
const SESSION_LIFE_SECONDS = 31 * 60;

/** The Stripe adapter, and what its webhook route needs besides the gateway's calls. */
export interface StripeGateway extends PaymentGateway {
  readonly name: typeof STRIPE;
  /** The signing secret a shop's webhook deliveries carry: its own account's, else the server's (null: none configured). */
  webhookSecretFor(repos: Repositories): Promise<string | null>;
}

export const isStripeGateway = (gateway: PaymentGateway | null): gateway is StripeGateway => gateway?.name === STRIPE && 'webhookSecretFor' in gateway;

const withQuery = (url: string, query: Record<string, string>) => `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(query).toString()}`;

const paymentIntentId = (session: Stripe.Checkout.Session): string | null =>
  typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);

/**
 * Stripe Checkout behind PaymentGateway (docs/server.md "Stripe"): request makes a Checkout Session of one line, the
 * bill in STRIPE_CURRENCY at the operator's rate; verify retrieves the session (never trusts the return or a webhook's
 * body); refund refunds its PaymentIntent, idempotent per our token. A shop's own secret key (shop_gateway_accounts)
 * overrides the server's. The SDK's base URL is configuration, so tests talk to their double.
 */
export function createStripeGateway(settings: StripeSettings): StripeGateway {
  const clients = new Map<string, Stripe>();
  const { apiBase } = settings;
  const clientFor = (key: string): Stripe => {
    let client = clients.get(key);
    if (!client) {
      client = new Stripe(key, {
        host: apiBase.hostname,
        port: apiBase.port || (apiBase.protocol === 'http:' ? 80 : 443),
        protocol: apiBase.protocol === 'http:' ? 'http' : 'https',
        timeout: settings.timeoutMs,
        // One retry of a lost connection; every POST carries our idempotency key, so a retry charges or refunds once.
        maxNetworkRetries: 1,
        telemetry: false,
      });
      clients.set(key, client);
    }
    return client;
  };
  const client = async (repos: Repositories) => clientFor((await repos.gatewayAccounts.of(STRIPE))?.secretKey || settings.secretKey);

  /** The session of an attempt, or null when it is not ours (another token, or no session id kept). */
  const sessionOf = async (repos: Repositories, attempt: PaymentAttempt): Promise<{ stripe: Stripe; session: Stripe.Checkout.Session } | null> => {
    if (!attempt.gatewayRef) return null;
    const stripe = await client(repos);
    const session = await stripe.checkout.sessions.retrieve(attempt.gatewayRef);
    return session.client_reference_id === attempt.token ? { stripe, session } : null;
  };

  /** The card was charged exactly our bill at the rate the session was made with. */
  const amountMatches = (session: Stripe.Checkout.Session, attempt: PaymentAttempt): boolean => {
    const rate = Number(session.metadata?.rial_per_unit);
    const currency = session.currency ?? '';
    return session.metadata?.amount_rial === String(attempt.amount) && rate > 0 && session.amount_total === toMinorUnits(attempt.amount, currency, rate);
  };

  const refundIntent = async (stripe: Stripe, paymentIntent: string, token: string) => {
    await stripe.refunds.create({ payment_intent: paymentIntent, metadata: { token } }, { idempotencyKey: `refund-${token}` });
  };

  return {
    name: STRIPE,
    async request(repos, payment) {
      if (!payment.origin) throw new Error('stripe: the return needs the origin the customer came from');
      const back = `${payment.origin}${payment.callbackUrl}`;
      const stripe = await client(repos);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: settings.currency, unit_amount: toMinorUnits(payment.amount, settings.currency, settings.rialPerUnit), product_data: { name: payment.merchant } },
            },
          ],
          success_url: withQuery(back, { sep_id: payment.token, state: 'OK' }),
          cancel_url: withQuery(back, { sep_id: payment.token, state: 'CanceledByUser' }),
          client_reference_id: payment.token,
          metadata: { token: payment.token, amount_rial: String(payment.amount), rial_per_unit: String(settings.rialPerUnit) },
          payment_intent_data: { metadata: { token: payment.token } },
          // Stripe's shortest life (30 min, a minute's slack for clocks) rather than its 24 h: an attempt our expiry voided
          // cannot be paid for long after, and a late capture is still found by the recheck job.
          expires_at: Math.floor(Date.now() / 1000) + SESSION_LIFE_SECONDS,
        },
        { idempotencyKey: `session-${payment.token}` },
      );
      if (!session.url) throw new Error(`stripe: session ${session.id} has no url`);
      return { redirectUrl: session.url, gatewayRef: session.id };
    },
    async verify(repos, attempt): Promise<{ outcome: VerifyOutcome; refId: string | null }> {
      const found = await sessionOf(repos, attempt);
      if (!found) return { outcome: 'failed', refId: null };
      const { stripe, session } = found;
      if (session.status === 'expired') return { outcome: 'canceled', refId: null };
      // Open, or complete with an asynchronous method still pending: the webhook or the expiry settles it later.
      if (session.payment_status !== 'paid') return { outcome: 'waiting', refId: null };
      const intent = paymentIntentId(session);
      if (!intent) return { outcome: 'failed', refId: null };
      if (!amountMatches(session, attempt)) {
        // Taken, but not our bill: never kept. Given back now (once: the refund's key is our token), then refused.
        await refundIntent(stripe, intent, attempt.token);
        return { outcome: 'failed', refId: null };
      }
      return { outcome: 'paid', refId: intent };
    },
    async refund(repos, attempt) {
      const found = await sessionOf(repos, attempt);
      const intent = found && found.session.payment_status === 'paid' ? paymentIntentId(found.session) : null;
      if (!found || !intent) throw new Error(`stripe: nothing paid to refund for ${attempt.token}`);
      await refundIntent(found.stripe, intent, attempt.token);
    },
    async webhookSecretFor(repos) {
      return (await repos.gatewayAccounts.of(STRIPE))?.webhookSecret || settings.webhookSecret;
    },
  };
}
