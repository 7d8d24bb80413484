import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
let spaDir: string;
const indexHtml = '<!doctype html><html><body><div id="root"></div><script type="module" src="/order/v2/assets/index-abc123.js"></script></body></html>';

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'storefront-spa-'));
  mkdirSync(join(spaDir, 'assets'));
  writeFileSync(join(spaDir, 'index.html'), indexHtml);
  writeFileSync(join(spaDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(spaDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ spaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

describe('the SPA under /order/v2/', () => {
  it('Scenario: a deep link returns index.html, revalidated on every visit', async () => {
    for (const url of ['/order/v2/', '/order/v2/cat/5/drinks', '/order/v2/item/12/koobideh?x=1', '/order/v2/home-2']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: 'kebab.localhost:8080' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.body).toBe(indexHtml);
    }
  });

  it('Scenario: hashed assets are cached immutably for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/order/v2/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app")');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('Scenario: a missing asset is a 404, not index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/order/v2/assets/missing-1.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toBe(indexHtml);
  });

  it('Scenario: a top-level build file is served as itself', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/order/v2/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^<svg/);
  });

  it('Scenario: / and /order/v2 redirect to /order/v2/', async () => {
    for (const url of ['/', '/order/v2']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/order/v2/');
    }
  });

  it('Scenario: without a build the SPA answers 503 and says to build', async () => {
    const unbuilt = await createTestApp({ seed: false });
    const response = await unbuilt.app.inject({ method: 'GET', url: '/order/v2/cat/5/drinks' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatch(/run npm run build/);
    await unbuilt.close();
  });
});

describe('GET /media/:id', () => {
  it('Scenario: a stored picture is SVG, cached immutably, and inert', async () => {
    const shop = (await t.call('kebab.localhost', { code: 'get_shop' })).json().data;
    const response = await t.app.inject({ method: 'GET', url: shop.logo, headers: { host: 'kebab.localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(response.body).toMatch(/^<svg/);
  });

  it('Scenario: a bad or unknown media id is a 404', async () => {
    for (const url of ['/media/abc', '/media/99999999', '/media/1e3']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: 'kebab.localhost' } });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
