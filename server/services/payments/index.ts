import type { PaymentGateway } from './gateway';
import { sandboxGateway } from './sandbox';
import { ZARINPAL, createZarinpalGateway } from './zarinpal/adapter';
import { zarinpalConfigProblem, zarinpalOptionsFromEnv } from './zarinpal/options';
import { createStripeGateway, STRIPE } from './stripe/gateway';
import { stripeConfigProblem, stripeSettings } from './stripe/settings';

export type { PaymentAttempt, PaymentGateway, PaymentRequest, VerifyOutcome } from './gateway';

/** A gateway this server has code for: how it is built from the environment, and what it cannot run without. */
interface KnownGateway {
  build: (env: NodeJS.ProcessEnv) => PaymentGateway;
  problem: (env: NodeJS.ProcessEnv, nodeEnv: string) => string | null;
}

/**
 * Every gateway this server has code for, by name, chosen with PAYMENT_GATEWAY. The sandbox is built in; a real
 * gateway implements PaymentGateway and reads its keys from the environment (docs/server.md, "Payment gateways").
 */
const known: ReadonlyMap<string, KnownGateway> = new Map<string, KnownGateway>([
  [sandboxGateway.name, { build: () => sandboxGateway, problem: () => null }],
  [ZARINPAL, { build: (env) => createZarinpalGateway(zarinpalOptionsFromEnv(env)), problem: (env) => zarinpalConfigProblem(zarinpalOptionsFromEnv(env)) }],
  [STRIPE, { build: (env) => createStripeGateway(stripeSettings(env)), problem: stripeConfigProblem }],
]);

/** The gateway a server uses when PAYMENT_GATEWAY is unset: the sandbox for demos and tests, none in production. */
export const defaultGatewayName = (nodeEnv: string): string | null => (nodeEnv === 'production' ? null : sandboxGateway.name);

/** Why `name` cannot be this server's gateway (one sentence for the operator), or null when it can. */
export function gatewayConfigProblem(name: string | null, nodeEnv: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (name === null) return null;
  const gateway = known.get(name);
  if (!gateway) return `PAYMENT_GATEWAY=${name} names no gateway this server knows (known: ${[...known.keys()].join(', ')}).`;
  if (name === sandboxGateway.name && nodeEnv === 'production') {
    return `PAYMENT_GATEWAY=${name} is refused in production: the sandbox bank lets anyone mark a payment paid; configure a real gateway or leave PAYMENT_GATEWAY unset (no online payment).`;
  }
  return gateway.problem(env, nodeEnv);
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
  const offered = name === null ? null : (known.get(name)?.build(env) ?? null);
  return { offered, find: (wanted) => (offered !== null && offered.name === wanted ? offered : null) };
}

/** No gateway at all: nothing is offered and no payment can be verified. */
export const noGateways: PaymentGateways = { offered: null, find: () => null };
