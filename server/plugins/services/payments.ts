import fp from 'fastify-plugin';
import { defaultGatewayName, paymentGateways, type PaymentGateways } from '../../services/payments';
import { sandboxGateway } from '../../services/payments/sandbox';
import { isStripeGateway, type StripeGateway } from '../../services/payments/stripe/gateway';
import { guardedGateways } from '../../services/payments/unavailable';

declare module 'fastify' {
  interface FastifyInstance {
    /** the gateways this server runs (PAYMENT_GATEWAY); a bank that cannot be reached fails as GatewayUnavailableError */
    payments: PaymentGateways;
    /** the sandbox bank is the one offered (never in production): its pages are served */
    sandboxBank: boolean;
    /** the Stripe adapter when it is the one offered: its signed webhook is served (routes/stripe-webhook.ts) */
    stripe: StripeGateway | null;
  }
}

/** The banks: the ones given (tests' stand-ins), else the one PAYMENT_GATEWAY names; unset, the sandbox outside production and none in it. */
export const paymentsPlugin = fp<{ banks?: PaymentGateways; gateway?: string | null }>(
  async (app, { banks, gateway }) => {
    const { nodeEnv } = app.settings;
    const offered = banks ?? paymentGateways(gateway === undefined ? defaultGatewayName(nodeEnv) : gateway, nodeEnv);
    // A bank that cannot be reached is a 503 with nothing written, never a 500 (app.ts's error handler).
    app.decorate('payments', guardedGateways(offered));
    app.decorate('sandboxBank', offered.offered === sandboxGateway && nodeEnv !== 'production');
    app.decorate('stripe', isStripeGateway(offered.offered) ? offered.offered : null);
  },
  { name: 'payments', dependencies: ['settings'] },
);
