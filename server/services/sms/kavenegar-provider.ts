import type { RealProviderOptions, SmsMessage, SmsProvider } from './sms-provider';
import { SmsRefusedError, SmsUnavailableError } from './sms-provider';
import { SMS_TEMPLATES } from './templates';

export const KAVENEGAR_URL = 'https://api.kavenegar.com';

/**
 * Kavenegar's lookup takes values as token, token2, token3 (no spaces) and token10, token20 (up to 4 and 8 spaces): a
 * code and a number fit the first ones, a shop's name, a reason and a day with its time need the others (no template
 * takes both a reason and a time).
 */
export const KAVENEGAR_TOKENS: Record<string, string> = { CODE: 'token', MINUTES: 'token2', SHOP: 'token10', REASON: 'token20', TIME: 'token20' };

interface KavenegarAnswer {
  return?: { status?: unknown; message?: unknown };
}

/**
 * Kavenegar's verify/lookup (POST {url}/v1/{API_KEY}/verify/lookup.json, form fields receptor, template and tokens),
 * by fetch over HTTPS: the official package posts the key over plain HTTP. `return.status` 200 is sent; a 5xx (or no
 * readable answer, or the timeout) is the provider's fault and tried again; any other status (403 bad key, 411 bad
 * receptor, 418 no credit, 424 no such template …) is a refusal.
 */
export function createKavenegarProvider(options: RealProviderOptions): SmsProvider {
  const base = (options.url ?? KAVENEGAR_URL).replace(/\/+$/, '');
  return {
    name: 'kavenegar',
    supports: (template) => Boolean(options.templates[template]),
    async send(message: SmsMessage) {
      const template = options.templates[message.template];
      if (!template) throw new SmsRefusedError('kavenegar', 0, `no template is set for ${message.template} (${SMS_TEMPLATES[message.template].env})`);
      const form = new URLSearchParams({ receptor: message.to, template });
      for (const param of SMS_TEMPLATES[message.template].params) form.set(KAVENEGAR_TOKENS[param], message.params[param] ?? '');
      let response: Response;
      try {
        response = await fetch(`${base}/v1/${encodeURIComponent(options.apiKey)}/verify/lookup.json`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SmsUnavailableError('kavenegar', error instanceof Error ? error.message : String(error));
      }
      const answer = (await response.json().catch(() => null)) as KavenegarAnswer | null;
      const status = typeof answer?.return?.status === 'number' ? answer.return.status : null;
      const detail = typeof answer?.return?.message === 'string' ? answer.return.message : `HTTP ${response.status}`;
      if (status === 200) return;
      if (status === null || status >= 500 || response.status >= 500) throw new SmsUnavailableError('kavenegar', `${status ?? response.status}: ${detail}`);
      throw new SmsRefusedError('kavenegar', status, detail);
    },
  };
}
