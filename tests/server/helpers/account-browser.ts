import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './create-test-app';
import type { ConsoleSmsProvider } from '../../../server/services/sms';

/** A movable clock for expiry tests (no sleeping). */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

/** A client that keeps its cookies like a browser, posting from one IP. */
export function browser(test: TestApp, host: string, ip = '10.0.0.1') {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
  };
  return {
    jar,
    async post(fields: Record<string, string>, headers: Record<string, string> = {}) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/order/order.php',
        remoteAddress: ip,
        headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...(jar.size ? { cookie: cookieHeader() } : {}), ...headers },
        payload: new URLSearchParams(fields).toString(),
      });
      remember(response);
      return response;
    },
  };
}

/** The newest code the console provider sent to `phone`. */
export function lastCode(sms: ConsoleSmsProvider, phone: string): string {
  const entry = sms.outbox(phone)[0];
  const code = entry ? /\b(\d{6})\b/.exec(entry.text)?.[1] : undefined;
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}
