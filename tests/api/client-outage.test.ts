import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNAVAILABLE_RESULT } from '@contract/envelope';
import { retryAfterOf } from '@machines/api-failure';
import { ApiError } from '@/api/api-error';
import { call, setApiLanguage } from '@/api/client';
import { HTTP_TIMEOUT_MS } from '@contract/rules/limits';

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

describe('api client: what the transport itself can fail with', () => {
  it('Scenario: a call that outlives the timeout is given up as "timeout"; the request was aborted', async () => {
    vi.useFakeTimers();
    let sent: Request | null = null;
    vi.stubGlobal('fetch', (request: Request) => {
      sent = request;
      return new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    });
    const failure = failureOf(call('get_shop', { language: 'fa' }));
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect((sent as Request | null)?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await failure).toMatchObject({ result: 'timeout', message: 'پاسخ سرور بیش از حد طول کشید. دوباره تلاش کنید.' });
    expect((sent as Request | null)?.signal.aborted).toBe(true);
    vi.useRealTimers();
  });

  it('Scenario: no network is "network", said in the request\'s language (not the browser\'s "Failed to fetch"); a refusal keeps the server message; the language goes as Accept-Language', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    // The browser's own words are English whatever the page's language: the person reads theirs.
    setApiLanguage('fa');
    expect(await failureOf(call('get_shop', { language: 'fa' }))).toMatchObject({ result: 'network', message: 'اتصال به اینترنت برقرار نیست. اتصال را بررسی کنید و دوباره تلاش کنید.' });
    setApiLanguage('en');
    expect(await failureOf(call('get_shop', { language: 'en' }))).toMatchObject({ result: 'network', message: 'You are offline or the server cannot be reached. Check the connection and try again.' });
    setApiLanguage('fa');

    let language: string | null = null;
    vi.stubGlobal('fetch', async (request: Request) => {
      language = request.headers.get('accept-language');
      return new Response(JSON.stringify({ status: false, result: 'invalid_input', data: null, message: 'فیلد «code» اجباری است.' }), { status: 400 });
    });
    setApiLanguage('en');
    expect(await failureOf(call('get_shop', { language: 'en' }))).toMatchObject({ status: 400, result: 'invalid_input', message: 'فیلد «code» اجباری است.' });
    expect(language).toBe('en');
    setApiLanguage('fa');
  });
});
