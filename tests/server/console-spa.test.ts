import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER } from '@contract/rules/csp';
import { firstScreenAssets } from '../../server/routes/index-html';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
let spaDir: string;
const indexHtml = '<!doctype html><html lang="fa" dir="rtl"><head><title>x</title></head><body><div id="root"><!--splash--></div><!--boot--></body></html>';
const consoleHtml = `<!doctype html><html lang="fa" dir="rtl"><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" src="/order/v2/assets/console-1.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`;
// As Vite writes it for two entries: the storefront's start chunk and the console's share a chunk.
const manifest = {
  'index.html': { file: 'assets/main-1.js', isEntry: true, imports: ['_shared-1.js'], dynamicImports: ['_start-1.js'] },
  'console.html': { file: 'assets/console-1.js', isEntry: true, imports: ['_shared-1.js', '_console-only-1.js'], dynamicImports: ['src/console/inbox/inbox-screen.tsx'] },
  '_start-1.js': { file: 'assets/start-1.js', imports: ['_vendor-1.js'] },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_console-only-1.js': { file: 'assets/console-only-1.js' },
  'src/console/inbox/inbox-screen.tsx': { file: 'assets/inbox-screen-1.js' },
};

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'storefront-console-spa-'));
  mkdirSync(join(spaDir, 'assets'));
  mkdirSync(join(spaDir, '.vite'));
  writeFileSync(join(spaDir, 'index.html'), indexHtml);
  writeFileSync(join(spaDir, 'console.html'), consoleHtml);
  writeFileSync(join(spaDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await createTestApp({ spaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

describe('the console page under /order/console/', () => {
  it('Scenario: every console path is console.html with a fresh nonce its CSP names, never cached, never indexed', async () => {
    const nonces = new Set<string>();
    for (const url of ['/order/console/', '/order/console/inbox', '/order/console/inbox/12']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: 'kebab.localhost:8080' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1] ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      expect(String(response.headers['content-security-policy'])).toContain(`script-src 'self' 'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it('Scenario: /order/console redirects to /order/console/, and console.html is not served raw under /order/v2/', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/order/console' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/order/console/');
    const raw = await t.app.inject({ method: 'GET', url: '/order/v2/console.html', headers: { host: 'kebab.localhost:8080' } });
    expect(raw.body).not.toContain('console-1.js');
  });

  it("Scenario: the storefront's first screen preloads none of the console's chunks", () => {
    const assets = firstScreenAssets(spaDir, '/order/v2/');
    expect(assets.appModules).toEqual(['/order/v2/assets/start-1.js', '/order/v2/assets/vendor-1.js']);
    const everything = JSON.stringify(assets);
    expect(everything).not.toContain('console');
    expect(everything).not.toContain('inbox-screen');
  });
});
