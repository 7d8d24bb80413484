import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CSP_NONCE_PLACEHOLDER } from '@contract/rules/csp';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
let spaDir: string;
const HOST = 'kebab.localhost:8080';
const ASSET = '/order/v2/assets/index-abc123.js';
// A script well above the 1 KB threshold, as the build leaves it.
const script = Array.from({ length: 200 }, (_, i) => `export const line${i} = () => console.log("line ${i}");`).join('\n');
const indexHtml = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
<script type="module" crossorigin src="${ASSET}" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`;
const font = randomBytes(4096);

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'storefront-spa-'));
  mkdirSync(join(spaDir, 'assets'));
  writeFileSync(join(spaDir, 'index.html'), indexHtml);
  writeFileSync(join(spaDir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(spaDir, 'assets', 'vazirmatn-arabic-400-normal-abc123.woff2'), font);
  // What `npm run build` runs after vite build.
  execFileSync(process.execPath, ['scripts/precompress.mjs', join(spaDir, 'assets')]);
  t = await createTestApp({ spaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: HOST, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

/** The reply's body as the client reads it after undoing the Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding, 'no other encoding is offered').toBeUndefined();
  return response.rawPayload.toString('utf8');
}

const varies = (response: LightMyRequestResponse) => String(response.headers.vary ?? '').toLowerCase();

describe('compression', () => {
  it('Scenario: a script is sent precompressed as brotli or gzip, or as it is, and varies by Accept-Encoding', async () => {
    const br = await get(ASSET, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(br)).toContain('accept-encoding');
    // The build's file (maximum quality), not an on-the-fly compression.
    expect(br.rawPayload.equals(readFileSync(join(spaDir, 'assets', 'index-abc123.js.br')))).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(decoded(br)).toBe(script);

    const gzip = await get(ASSET, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(readFileSync(join(spaDir, 'assets', 'index-abc123.js.gz')))).toBe(true);
    expect(varies(gzip)).toContain('accept-encoding');
    expect(decoded(gzip)).toBe(script);

    const identity = await get(ASSET);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(varies(identity)).toContain('accept-encoding');
    expect(identity.body).toBe(script);
  });

  it('Scenario: a font (already compressed) is sent as it is', async () => {
    const response = await get('/order/v2/assets/vazirmatn-arabic-400-normal-abc123.woff2', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(font)).toBe(true);
  });

  it('Scenario: an API reply above 1 KB is compressed, a small one is not', async () => {
    const plain = await t.call(HOST, { code: 'get_all_folders' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip']]) {
      const compressed = await t.call(HOST, { code: 'get_all_folders' }, { headers: { 'accept-encoding': accept } });
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding'], accept).toBe(encoding);
      expect(varies(compressed)).toContain('accept-encoding');
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoded(compressed))).toEqual(JSON.parse(plain.body));
    }

    const small = await t.call(HOST, { code: 'no_such_code' }, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(400);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body)).toMatchObject({ status: expect.anything() });
  });

  it('Scenario: index.html is compressed and keeps its nonce, CSP and security headers', async () => {
    const response = await get('/order/v2/cat/5/drinks', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varies(response)).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    const html = decoded(response);
    const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
    // The page as built, plus what the server writes for this screen: the shop's description and keywords, the splash's styles
    // (with the same nonce) and, on a category page, its first cards' pictures (their list thumbnails).
    expect(html).toMatch(/<link rel="preload" as="image" href="\/media\/\d+\/thumb" fetchpriority="high">/);
    const written = html
      .replace(/<meta name="description" content="[^"]*">/, '')
      .replace(/<meta name="keywords" content="[^"]*">/, '')
      .replace(/<style nonce="[^"]+">.*<\/style>/s, '')
      .replaceAll(/<link rel="preload" as="image" href="[^"]+"( fetchpriority="high")?>/g, '');
    expect(written).toBe(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, nonce!));
    expect(html).toContain(`<style nonce="${nonce}">`);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(csp).not.toContain('unsafe-inline');
  });
});
