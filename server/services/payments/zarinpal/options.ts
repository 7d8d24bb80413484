/** How this server reaches Zarinpal (docs/server.md, "Payment gateways"). */
export interface ZarinpalOptions {
  /** ZARINPAL_BASE_URL: the payment API and the StartPay page (https://payment.zarinpal.com; a local double in tests) */
  baseUrl: string;
  /** ZARINPAL_MERCHANT_ID: the server's merchant id (36 characters); a shop's own (shop_gateway_accounts) wins */
  merchantId: string | null;
  /** ZARINPAL_ACCESS_TOKEN: the panel's access token, sent as a Bearer token with refunds */
  accessToken: string | null;
  /** ZARINPAL_TIMEOUT_MS: how long one call may take before the bank counts as unreachable */
  timeoutMs: number;
}

export const ZARINPAL_BASE_URL = 'https://payment.zarinpal.com';
export const ZARINPAL_TIMEOUT_MS = 10_000;

/** The options from the environment; `problem` names what production cannot run without. */
export function zarinpalOptionsFromEnv(env: NodeJS.ProcessEnv): ZarinpalOptions {
  const timeout = Number(env.ZARINPAL_TIMEOUT_MS || ZARINPAL_TIMEOUT_MS);
  return {
    baseUrl: (env.ZARINPAL_BASE_URL || ZARINPAL_BASE_URL).replace(/\/+$/, ''),
    merchantId: env.ZARINPAL_MERCHANT_ID || null,
    accessToken: env.ZARINPAL_ACCESS_TOKEN || null,
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : ZARINPAL_TIMEOUT_MS,
  };
}

/** Why a server cannot take Zarinpal payments with these options (one sentence), or null. */
export function zarinpalConfigProblem(options: ZarinpalOptions): string | null {
  if (!/^https?:\/\/[^/]+/.test(options.baseUrl)) return `ZARINPAL_BASE_URL must be an http(s) URL, got ${options.baseUrl}`;
  if (options.merchantId === null) return 'PAYMENT_GATEWAY=zarinpal needs ZARINPAL_MERCHANT_ID (the 36-character merchant id of the Zarinpal panel).';
  return null;
}
