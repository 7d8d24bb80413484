import type { PaymentGateway } from './gateway';
import { sandboxGateway } from './sandbox';
import { createStripeGateway, STRIPE } from './stripe/gateway';
import { stripeConfigProblem, stripeSettings } from './stripe/settings';

export type { PaymentAttempt, PaymentGateway, PaymentRequest, VerifyOutcome } from './gateway';

/**
 * Every gateway this server has code for, by name. The sandbox is built in; a real
 * domestic gateway implements PaymentGateway, is added here and is chosen with PAYMENT_GATEWAY.
 */
const known: ReadonlyMap<string, (env: NodeJS.ProcessEnv) => PaymentGateway> = new Map<string, (env: NodeJS.ProcessEnv) => PaymentGateway>([
  [sandboxGateway.name, () => sandboxGateway],
  [STRIPE, (env) => createStripeGateway(stripeSettings(env))],
]);

/** The gateway a server uses when PAYMENT_GATEWAY is unset: the sandbox for demos and tests, none in production. */
export const defaultGatewayName = (nodeEnv: string): string | null => (nodeEnv === 'production' ? null : sandboxGateway.name);

/** Why `name` cannot be this server's gateway (one sentence for the operator), or null when it can. */
export function gatewayConfigProblem(name: string | null, nodeEnv: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (name === null) return null;
  if (!known.has(name)) return `PAYMENT_GATEWAY=${name} names no gateway this server knows (known: ${[...known.keys()].join(', ')}).`;
  if (name === sandboxGateway.name && nodeEnv === 'production') {
    return `PAYMENT_GATEWAY=${name} is refused in production: the sandbox bank lets anyone mark a payment paid; configure a real gateway or leave PAYMENT_GATEWAY unset (no online payment).`;
  }
  if (name === STRIPE) return stripeConfigProblem(env, nodeEnv);
  return null;
}

/** The gateways of one running server. */
export interface PaymentGateways {
  /** the gateway new online payments go to; null: online payment is not offered */
  readonly offered: PaymentGateway | null;
  /** the enabled gateway called `name` (to verify a payment it took), or null */
  find(name: string): PaymentGateway | null;
}

/** The gateways a server with PAYMENT_GATEWAY=`name` runs (throws the config problem, so production never runs the sandbox). */
export function paymentGateways(name: string | null, nodeEnv: string, env: NodeJS.ProcessEnv = process.env): PaymentGateways {
  const problem = gatewayConfigProblem(name, nodeEnv, env);
  if (problem) throw new Error(problem);
  const offered = name === null ? null : (known.get(name)?.(env) ?? null);
  return { offered, find: (wanted) => (offered !== null && offered.name === wanted ? offered : null) };
}

/** No gateway at all: nothing is offered and no payment can be verified. */
export const noGateways: PaymentGateways = { offered: null, find: () => null };
