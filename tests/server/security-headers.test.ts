import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CSP_NONCE_PLACEHOLDER } from '@contract/rules/csp';
import { media, sandboxGatewayTransactions, shops } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
let spaDir: string;
const TILES = 'https://{s}.tile.example.org/{z}/{x}/{y}.png';
// What `vite build` writes with html.cspNonce: the placeholder on the meta tag and on every tag it adds.
const indexHtml = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
<script type="module" crossorigin src="/order/v2/assets/index-abc123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
<link rel="stylesheet" crossorigin href="/order/v2/assets/index-abc123.css" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'storefront-spa-'));
  mkdirSync(join(spaDir, 'assets'));
  writeFileSync(join(spaDir, 'index.html'), indexHtml);
  writeFileSync(join(spaDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  t = await createTestApp({ spaDir, mapTileUrl: TILES });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  const parsed: Record<string, string[]> = {};
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed[name] = values;
  }
  return parsed;
}

/** The headers every reply carries, whatever serves it. */
function expectHardened(response: LightMyRequestResponse, what: string) {
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['x-frame-options'], what).toBe('DENY');
  expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  const permissions = String(response.headers['permissions-policy'] ?? '');
  expect(permissions, what).toContain('geolocation=(self)');
  expect(permissions, what).toContain('camera=()');
  expect(permissions, what).toContain('microphone=()');
  const csp = directives(response);
  expect(csp['frame-ancestors'], what).toEqual(["'none'"]);
  expect(csp['default-src'], what).toBeDefined();
}

/** A strict page policy: no inline script or style without a nonce or hash, no eval. */
function expectStrictPage(response: LightMyRequestResponse, what: string) {
  const header = String(response.headers['content-security-policy']);
  expect(header, what).not.toContain('unsafe-inline');
  expect(header, what).not.toContain('unsafe-eval');
  const csp = directives(response);
  expect(csp['object-src'], what).toEqual(["'none'"]);
  expect(csp['base-uri'], what).toEqual(["'self'"]);
  expect(csp['form-action'], what).toEqual(["'self'"]);
  return csp;
}

const get = (url: string, host = 'kebab.localhost:8080') => t.app.inject({ method: 'GET', url, headers: { host } });

describe('security headers', () => {
  it('Scenario: an API reply, success or failure, carries the headers', async () => {
    const shop = await t.call('kebab.localhost', { code: 'get_shop' });
    expect(shop.statusCode).toBe(200);
    expectHardened(shop, 'get_shop');
    const refused = await t.call('kebab.localhost', { code: 'no_such_code' });
    expect(refused.statusCode).toBe(400);
    expectHardened(refused, 'unknown code');
    const crossOrigin = await t.call('kebab.localhost', { code: 'get_shop' }, { headers: { origin: 'https://evil.example' } });
    expect(crossOrigin.statusCode).toBe(403);
    expectHardened(crossOrigin, 'cross-origin 403');
    expectHardened(await get('/no/such/page'), '404');
  });

  it('Scenario: a JSON API reply carries the API policy (nothing loads from it), a page keeps the page headers', async () => {
    const shop = await t.call('kebab.localhost', { code: 'get_shop' });
    const refused = await t.call('kebab.localhost', { code: 'get_shop' }, { headers: { origin: 'https://evil.example' } });
    const branches = await t.app.inject({ method: 'POST', url: '/order/branch_list.php?x=1', headers: { host: 'kebab.localhost' }, payload: {} });
    for (const [what, reply] of [['get_shop', shop], ['cross-origin 403', refused], ['branch_list with a query', branches]] as const) {
      expect(reply.headers['content-type'], what).toMatch(/^application\/json/);
      expect(directives(reply), what).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(reply.headers['strict-transport-security'], what).toContain('max-age=');
      expect(reply.headers['cross-origin-resource-policy'], what).toBe('same-origin');
      // A page's own headers say nothing about JSON.
      for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']) {
        expect(reply.headers[pageOnly], `${what}: ${pageOnly}`).toBeUndefined();
      }
    }
    const page = await get('/order/v2/');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(directives(page)['default-src']).toEqual(["'self'"]);
    expect(directives(await get('/order/order.php.js'))['default-src'], 'a path that only starts like the API').toEqual(["'self'"]);
  });

  it('Scenario: the SPA index gets a fresh nonce per load, the same in the page and in the policy', async () => {
    const first = await get('/order/v2/cat/5/drinks');
    expect(first.statusCode).toBe(200);
    expectHardened(first, 'index');
    const csp = expectStrictPage(first, 'index');
    expect(first.body).not.toContain(CSP_NONCE_PLACEHOLDER);
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(first.body)?.[1] ?? '';
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{22,}$/);
    // The build's meta, script and stylesheet tags, and the server's splash <style>.
    expect(first.body.match(new RegExp(`nonce="${nonce.replace(/[+/=]/g, '\\$&')}"`, 'g'))).toHaveLength(4);
    expect(csp['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp['script-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    // The map's tiles ({s} becomes a wildcard subdomain) and build-inlined pictures.
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.example.org']);

    const second = await get('/order/v2/');
    const again = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(second.body)?.[1];
    expect(again).toBeDefined();
    expect(again).not.toBe(nonce);
    expect(directives(second)['style-src']).toEqual(["'self'", `'nonce-${again}'`]);
  });

  it('Scenario: an asset and the redirect to the SPA carry the headers', async () => {
    const asset = await get('/order/v2/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expectHardened(asset, 'asset');
    expectHardened(await get('/'), 'redirect');
  });

  it('Scenario: a stored picture keeps its inert policy and gains the rest', async () => {
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const [picture] = await t.db.select({ id: media.id }).from(media).where(eq(media.shopId, kebab.id)).limit(1);
    const response = await get(`/media/${picture.id}`);
    expect(response.statusCode).toBe(200);
    expectHardened(response, 'media');
    expect(directives(response)['default-src']).toEqual(["'none'"]);
  });

  it('Scenario: the sandbox bank page allows exactly its own style block and forms that post to itself', async () => {
    await t.db.insert(sandboxGatewayTransactions).values({ token: 'headers-test', merchant: 'Kebab', amount: 120_000, callbackUrl: '/order/v2/successful-payment/1' });
    const page = await get('/sandbox-gateway/pay/headers-test');
    expect(page.statusCode).toBe(200);
    expectHardened(page, 'sandbox page');
    const csp = expectStrictPage(page, 'sandbox page');
    const styles = [...page.body.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]);
    expect(styles).toHaveLength(1);
    expect(csp['style-src']).toEqual([`'sha256-${createHash('sha256').update(styles[0]).digest('base64')}'`]);
    expect(csp['script-src']).toEqual(["'none'"]);
    // Inline style attributes would need 'unsafe-inline'.
    expect(page.body).not.toMatch(/\sstyle="/);
    expectHardened(await get('/sandbox-gateway/pay/unknown-token'), 'sandbox 404');
  });

  it('Scenario: a path the router cannot read (a broken escape, an over-long id) is a localised 404 with the headers', async () => {
    const paths = ['/media/%E0%A4%A', '/order/v2/%E0%A4%A/x', `/media/${'1'.repeat(150)}`, `/media/upload/${'1'.repeat(150)}/thumb`];
    for (const url of paths) {
      for (const [language, message] of [['fa', 'صفحه مورد نظر پیدا نشد'], ['en', 'The page could not be found']] as const) {
        const response = await t.app.inject({ method: 'GET', url, headers: { host: 'kebab.localhost', 'accept-language': language } });
        expectHardened(response, url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toMatchObject({ status: false, result: 'not_found', data: null });
        expect(response.json().message, url).toBe(message);
        expect(response.body).not.toContain('FST_ERR');
      }
    }
  });

  it('Scenario: the development SMS outbox carries the headers', async () => {
    const outbox = await get('/dev/sms-outbox?phone=09120000000');
    expect(outbox.statusCode).toBe(200);
    expectHardened(outbox, 'outbox');
  });
});

describe('helmet headers computed once', () => {
  it('Scenario: the precomputed headers are exactly what helmet sets on a real response', async () => {
    const { IncomingMessage, ServerResponse } = await import('node:http');
    const { Socket } = await import('node:net');
    const { default: helmet } = await import('helmet');
    const { baseDirectives, helmetHeaders } = await import('../../server/plugins/security-headers');
    const options = {
      contentSecurityPolicy: { useDefaults: false, directives: baseDirectives(TILES) },
      frameguard: { action: 'deny' as const },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    };
    const request = new IncomingMessage(new Socket());
    const response = new ServerResponse(request);
    response.setHeader('x-powered-by', 'something');
    helmet(options)(request, response, () => {});
    const real = Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
    expect(helmetHeaders(options)).toEqual(real);
    expect(Object.keys(real)).toEqual(expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-frame-options', 'cross-origin-opener-policy']));
  });
});
