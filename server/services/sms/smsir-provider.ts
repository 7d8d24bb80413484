import type { RealProviderOptions, SmsMessage, SmsProvider } from './sms-provider';
import { SmsRefusedError, SmsUnavailableError } from './sms-provider';
import { SMS_TEMPLATES } from './templates';

export const SMSIR_URL = 'https://api.sms.ir';

interface SmsirAnswer {
  status?: unknown;
  message?: unknown;
}

/**
 * SMS.ir's verify API (POST {url}/v1/send/verify, header x-api-key, JSON { mobile, templateId, parameters: [{ name,
 * value }] }) by fetch: the official package hard-codes its endpoint and brings axios. `status` 1 is sent; a 5xx (or
 * no readable answer, or the timeout) is the provider's fault and tried again; any other status (a bad key, template
 * or mobile, no credit) is a refusal.
 */
export function createSmsirProvider(options: RealProviderOptions): SmsProvider {
  const base = (options.url ?? SMSIR_URL).replace(/\/+$/, '');
  return {
    name: 'smsir',
    supports: (template) => Boolean(options.templates[template]),
    async send(message: SmsMessage) {
      const templateId = Number(options.templates[message.template]);
      if (!Number.isSafeInteger(templateId)) {
        throw new SmsRefusedError('smsir', 0, `no template id is set for ${message.template} (${SMS_TEMPLATES[message.template].env})`);
      }
      const parameters = SMS_TEMPLATES[message.template].params.map((name) => ({ name, value: message.params[name] ?? '' }));
      let response: Response;
      try {
        response = await fetch(`${base}/v1/send/verify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': options.apiKey },
          body: JSON.stringify({ mobile: message.to, templateId, parameters }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SmsUnavailableError('smsir', error instanceof Error ? error.message : String(error));
      }
      const answer = (await response.json().catch(() => null)) as SmsirAnswer | null;
      const status = typeof answer?.status === 'number' ? answer.status : null;
      const detail = typeof answer?.message === 'string' ? answer.message : `HTTP ${response.status}`;
      if (status === 1 && response.ok) return;
      if (status === null || response.status >= 500) throw new SmsUnavailableError('smsir', `${status ?? response.status}: ${detail}`);
      throw new SmsRefusedError('smsir', status, detail);
    },
  };
}
