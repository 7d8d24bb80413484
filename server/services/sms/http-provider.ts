import type { SmsMessage, SmsProvider } from './sms-provider';

/**
 * A generic HTTP gateway: POSTs JSON `{ to, text }` to `url` with an optional
 * bearer token. Real Iranian gateways differ in shape; adapt here, not in callers.
 */
export function createHttpSmsProvider(options: { url: string; token?: string; timeoutMs?: number }): SmsProvider {
  return {
    name: 'http',
    async send(message: SmsMessage) {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}
