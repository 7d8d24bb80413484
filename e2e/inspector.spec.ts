import { createServer, type ViteDevServer } from 'vite';
import { E2E_PORT } from '../playwright.config';
import { expect, test } from './fixtures';

/*
 * The Stately inspector, as a developer opens it: the console on Vite's development server with `?inspect`. The
 * inspector opens https://stately.ai/inspect in a window of its own and posts every inspection event there once that
 * window says it is connected; here that window is a page that answers as the inspector does and keeps what it is sent.
 * (Production builds carry no inspector: bench:bundle and tests/build check the bytes.)
 */

const INSPECTOR_PAGE = `<!doctype html><title>inspector</title><script>
  window.received = [];
  addEventListener('message', (event) => { if (event.data && String(event.data.type).startsWith('@xstate.')) window.received.push(event.data); });
  opener.postMessage({ type: '@statelyai.connected' }, '*');
</script>`;

interface Received {
  type: string;
  name?: string;
  sessionId: string;
  parentId?: string;
  event?: { type: string };
}

let vite: ViteDevServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The console's own Vite config, its API sent to the suite's server (as `npm run dev` sends it to :8080).
  const api = `http://localhost:${E2E_PORT}`;
  vite = await createServer({
    configFile: 'vite.console.config.ts',
    logLevel: 'error',
    // Every dependency of every screen found before the page asks: one found later would reload the page mid-test.
    optimizeDeps: { entries: ['console.html', 'src/console/**/*.tsx'] },
    server: { host: '127.0.0.1', proxy: { '/order/console/api': { target: api, changeOrigin: false }, '/media': { target: api, changeOrigin: false } } },
  });
  await vite.listen();
});

test.afterAll(async () => vite?.close());

test('Scenario: the console with ?inspect shows its root and every child in the inspector, with the events a login sends', async ({ page }) => {
  test.setTimeout(120_000);
  await page.context().route('https://stately.ai/**', (route) => route.fulfill({ contentType: 'text/html', body: INSPECTOR_PAGE }));
  const inspector = page.waitForEvent('popup');
  await page.goto(new URL('/order/console/?inspect', vite.resolvedUrls!.local[0]).href);
  const window = await inspector;
  expect(window.url()).toContain('https://stately.ai/inspect');

  // The login form, as the console chart offers it, then the owner's login.
  await page.getByLabel('نام کاربری').fill('admin');
  await page.getByLabel('رمز عبور').fill('demo-kebab');
  await page.getByRole('button', { name: 'ورود' }).click();
  await expect(page.getByLabel('رمز عبور')).toHaveCount(0, { timeout: 30_000 });
  // Served at /order/console/ as the server serves it, the first screen is the orders board.
  await expect(page).toHaveURL(/\/order\/console\/orders$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });

  const received = () => window.evaluate(() => (window as unknown as { received: Received[] }).received);
  await expect.poll(async () => (await received()).filter((event) => event.type === '@xstate.actor').map((event) => event.name)).toEqual(
    expect.arrayContaining(['console', 'inbox', 'staffLive', 'ordersBoard', 'accessRequests']),
  );
  const events = await received();
  const root = events.find((event) => event.type === '@xstate.actor' && event.name === 'console')!;
  expect(root.parentId).toBeUndefined();
  // The children are the root's, and the root's own events include the login the form sent.
  for (const child of ['inbox', 'staffLive', 'ordersBoard']) {
    expect(events.find((event) => event.type === '@xstate.actor' && event.name === child)?.parentId, child).toBe(root.sessionId);
  }
  expect(events.filter((event) => event.type === '@xstate.event' && event.sessionId === root.sessionId).map((event) => event.event?.type)).toContain('login.submit');
});
