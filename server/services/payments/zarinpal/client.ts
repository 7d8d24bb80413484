/*
 * Zarinpal's payment API v4 (docs.zarinpal.com/paymentGateway): JSON POSTs answering { data, errors }. A success has
 * data.code 100 (or 101, "already verified"); a refusal has errors.code (negative) and an empty data.
 */

/** The codes this server acts on (Zarinpal's error list). */
export const ZarinpalCode = {
  success: 100,
  alreadyVerified: 101,
  amountMismatch: -50,
  unsuccessful: -51,
} as const;

export interface ZarinpalAnswer {
  /** data.code on success, errors.code on a refusal */
  code: number;
  data: Record<string, unknown>;
  message: string;
}

/** A refusal that is an answer of the bank (not an outage): the caller decides what it means. */
export class ZarinpalRefusal extends Error {
  constructor(
    readonly path: string,
    readonly code: number,
    message: string,
  ) {
    super(`zarinpal ${path}: ${code} ${message}`);
  }
}

/**
 * POSTs `body` to `{baseUrl}{path}` within `timeoutMs`. A timeout, a refused connection or an answer that is not
 * Zarinpal's JSON throws (the caller's gateway turns it into 503 gateway_unavailable); a coded answer is returned.
 */
export async function zarinpalPost(
  options: { baseUrl: string; timeoutMs: number },
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<ZarinpalAnswer> {
  const response = await fetch(`${options.baseUrl}${path}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  const text = await response.text();
  let parsed: { data?: unknown; errors?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    throw new Error(`zarinpal ${path}: HTTP ${response.status}, not JSON`);
  }
  const data = parsed.data && typeof parsed.data === 'object' && !Array.isArray(parsed.data) ? (parsed.data as Record<string, unknown>) : {};
  const errors = parsed.errors && typeof parsed.errors === 'object' && !Array.isArray(parsed.errors) ? (parsed.errors as Record<string, unknown>) : {};
  const code = typeof data.code === 'number' ? data.code : typeof errors.code === 'number' ? errors.code : null;
  if (code === null) throw new Error(`zarinpal ${path}: HTTP ${response.status} without a code`);
  const message = String(data.message ?? errors.message ?? '');
  return { code, data, message };
}
