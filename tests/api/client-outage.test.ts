import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNAVAILABLE_RESULT } from '@contract/envelope';
import { retryAfterOf } from '@machines/api-failure';
import { ApiError } from '@/api/api-error';
import { call } from '@/api/client';

// The client posts to a relative URL, as the browser allows; under Node the request is resolved
// against a shop's origin and answered by a stub standing in for the server (or a proxy before it).
const NativeRequest = globalThis.Request;
class ShopRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://kebab.localhost') : input, init);
  }
}

let answer: () => Response;
beforeEach(() => {
  vi.stubGlobal('Request', ShopRequest);
  vi.stubGlobal('fetch', async () => answer());
});
afterEach(() => vi.unstubAllGlobals());

const failureOf = async (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('api client: a 503 is a temporary outage', () => {
  it('Scenario: the server answers 503 with its envelope; the error keeps the localised message and the wait', async () => {
    answer = () =>
      new Response(JSON.stringify({ status: false, result: UNAVAILABLE_RESULT, data: { wait_seconds: 5 }, message: 'سرویس موقتا در دسترس نیست' }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '5' },
      });
    const error = await failureOf(call('get_shop', { language: 'fa' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, result: UNAVAILABLE_RESULT, message: 'سرویس موقتا در دسترس نیست' });
    expect(retryAfterOf(error)).toBe(5);
  });

  it('Scenario: a proxy in front answers 503 with an HTML page and Retry-After; it is the same temporary outage', async () => {
    answer = () => new Response('<html>502 Bad Gateway</html>', { status: 503, headers: { 'content-type': 'text/html', 'retry-after': '12' } });
    const error = await failureOf(call('get_shop', { language: 'en' }));
    expect(error).toMatchObject({ status: 503, result: UNAVAILABLE_RESULT, message: '' });
    expect(retryAfterOf(error)).toBe(12);
  });

  it('Scenario: a 500 page is not an outage and is not retried by itself', async () => {
    answer = () => new Response('<html>oops</html>', { status: 500, headers: { 'content-type': 'text/html' } });
    const error = await failureOf(call('get_shop', { language: 'en' }));
    expect(error).toMatchObject({ status: 500, result: null });
    expect(retryAfterOf(error)).toBeNull();
  });
});
