/** Stripe's zero-decimal currencies (docs.stripe.com/currencies#zero-decimal): an amount is in whole units. */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
/** Three-decimal currencies need amounts rounded to tens; not offered (one rule less to get wrong with real money). */
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** The server's Stripe account and how a rial bill becomes a card charge. */
export interface StripeSettings {
  /** STRIPE_SECRET_KEY: the server's account (a shop's own row in shop_gateway_accounts overrides it) */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET: the signing secret of the server's webhook endpoint; null: no webhook, returns only */
  webhookSecret: string | null;
  /** STRIPE_API_BASE: Stripe's API origin (https://api.stripe.com); tests point it at their double */
  apiBase: URL;
  /** STRIPE_CURRENCY: the lowercase ISO code the card is charged in (never irr: Stripe has no rial) */
  currency: string;
  /** STRIPE_RIAL_PER_UNIT: rial one unit of that currency is worth, the operator's rate (a shop's bill is rial, IRR or IRT) */
  rialPerUnit: number;
  /** STRIPE_TIMEOUT_MS: how long one call may take before the gateway is unavailable (503) */
  timeoutMs: number;
}

/** Minor units (cents) per unit of `currency`, as Stripe counts amounts. */
export const minorPerUnit = (currency: string): number => (ZERO_DECIMAL.has(currency) ? 1 : 100);

/**
 * A rial amount as Stripe's minor units of `currency` at `rialPerUnit`, rounded up: the shop never gets less than its bill.
 * The rate travels with the session (its metadata), so a rate changed between the payment and its return still matches.
 */
export const toMinorUnits = (rial: number, currency: string, rialPerUnit: number): number => Math.ceil((rial * minorPerUnit(currency)) / rialPerUnit);

/** Why the environment cannot run PAYMENT_GATEWAY=stripe (one sentence for the operator), or null. */
export function stripeConfigProblem(env: NodeJS.ProcessEnv, nodeEnv: string): string | null {
  if (!env.STRIPE_SECRET_KEY) return 'PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY (the secret key of the Stripe account).';
  if (nodeEnv === 'production' && !env.STRIPE_WEBHOOK_SECRET) return 'PAYMENT_GATEWAY=stripe needs STRIPE_WEBHOOK_SECRET in production (the signing secret of the webhook endpoint /payments/stripe/webhook).';
  const currency = (env.STRIPE_CURRENCY ?? '').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency) || currency === 'irr' || THREE_DECIMAL.has(currency)) {
    return `PAYMENT_GATEWAY=stripe needs STRIPE_CURRENCY, a currency Stripe charges in two or zero decimals (usd, eur, …): Stripe has no rial, and every shop here prices in rial or toman (got ${env.STRIPE_CURRENCY ?? 'nothing'}).`;
  }
  const rate = Number(env.STRIPE_RIAL_PER_UNIT);
  if (!Number.isSafeInteger(rate) || rate <= 0) return `PAYMENT_GATEWAY=stripe needs STRIPE_RIAL_PER_UNIT, the whole rial one ${currency} is charged for (got ${env.STRIPE_RIAL_PER_UNIT ?? 'nothing'}).`;
  if (env.STRIPE_API_BASE && !URL.canParse(env.STRIPE_API_BASE)) return `STRIPE_API_BASE must be a URL, got ${env.STRIPE_API_BASE}.`;
  if (env.STRIPE_API_BASE && nodeEnv === 'production' && new URL(env.STRIPE_API_BASE).protocol !== 'https:') return 'STRIPE_API_BASE must be https in production.';
  return null;
}

/** The settings of a valid environment (stripeConfigProblem is null). */
export function stripeSettings(env: NodeJS.ProcessEnv): StripeSettings {
  return {
    secretKey: env.STRIPE_SECRET_KEY ?? '',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    apiBase: new URL(env.STRIPE_API_BASE || 'https://api.stripe.com'),
    currency: (env.STRIPE_CURRENCY ?? '').toLowerCase(),
    rialPerUnit: Number(env.STRIPE_RIAL_PER_UNIT),
    timeoutMs: Number(env.STRIPE_TIMEOUT_MS) > 0 ? Number(env.STRIPE_TIMEOUT_MS) : 20_000,
  };
}
