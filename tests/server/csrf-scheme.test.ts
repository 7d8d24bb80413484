import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await createTestApp();
  // One trusted hop: the proxy's X-Forwarded-Proto is the request's scheme.
  proxied = await createTestApp({ trustProxy: true });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const KEBAB = 'kebab.localhost';
const getShop = { code: 'get_shop', language: 'en' };

describe('CSRF: the Origin must be the request\'s own scheme as well as its host', () => {
  it('Scenario: over plain HTTP, an https:// Origin or Referer of the same host is another origin and is refused', async () => {
    const byOrigin = await direct.call(KEBAB, getShop, { headers: { origin: 'https://kebab.localhost' } });
    expect(byOrigin.statusCode).toBe(403);
    expect(byOrigin.json()).toMatchObject({ result: 'cross_origin', message: 'درخواست از سایت دیگری ارسال شده و پذیرفته نشد.' });
    const byReferer = await direct.call(KEBAB, getShop, { headers: { referer: 'https://kebab.localhost/order/v2/', 'accept-language': 'en' } });
    expect(byReferer.statusCode).toBe(403);
    expect(byReferer.json().message).toBe('The request came from another site and was refused.');
    expect((await direct.call(KEBAB, getShop, { headers: { origin: 'http://kebab.localhost', referer: 'https://kebab.localhost/' } })).statusCode).toBe(200);
    expect((await direct.call(KEBAB, getShop, { headers: { referer: 'http://kebab.localhost/order/v2/' } })).statusCode).toBe(200);
  });

  it('Scenario: behind a trusted proxy that says HTTPS, an http:// page of the same host is refused and the https:// one passes', async () => {
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' };
    expect((await proxied.call(KEBAB, getShop, { headers: { ...https, origin: 'http://kebab.localhost' } })).statusCode).toBe(403);
    expect((await proxied.call(KEBAB, getShop, { headers: { ...https, origin: 'https://kebab.localhost' } })).statusCode).toBe(200);
    // A client that is not behind the trusted proxy cannot claim HTTPS by writing the header itself.
    expect((await direct.call(KEBAB, getShop, { headers: { ...https, origin: 'https://kebab.localhost' } })).statusCode).toBe(403);
  });
});
