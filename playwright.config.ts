import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** Port of the server the suite starts (E2E_PORT, default 8181); shops answer at <slug>.localhost:PORT. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);

// Workers re-evaluate this file; the env var keeps one fresh database folder per run.
process.env.STOREFRONT_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'storefront-e2e-'));

/**
 * The browser: Debian's Chromium headless shell (`apt-get install chromium-headless-shell`, the same Chromium build
 * without the desktop browser around it: what Playwright itself runs headless), else Debian's full Chromium.
 * The shell drew the same page for half the CPU (a fresh context's load of the kebab home: 14 s of CPU for ten loads
 * against 27 s) on this 2-core machine, where the e2e suite's browser is most of CI's time. E2E_CHROME overrides it.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const E2E_CHROME = process.env.E2E_CHROME ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The spec files that may not share the server's moment with another test (see the projects below). */
const SHOP_WIDE = ['a11y', 'console-orders', 'console-catalog', 'shop-settings', 'console-moderation', 'keyboard-checkout'].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two browsers at a time: the suite keeps about one and a half of this machine's two cores busy that way (333 s and
  // 515 CPU-s for the whole suite, against 535 s and 513 CPU-s one at a time). What runs beside it in CI runs at the
  // lowest priority (.ci/run), so it takes only the cores the browsers leave.
  workers: 2,
  projects: [
    // The tests that change what every other test of their shop sees (an item listed or finished, the café closed, the
    // kebab's hours) or read a shop-wide figure as their own (the board's ringing, the waiting ads' badge, the first
    // chat of the inbox): one at a time, before the rest, with nothing beside them.
    { name: 'shop-wide', testMatch: SHOP_WIDE, workers: 1 },
    { name: 'e2e', testIgnore: SHOP_WIDE, dependencies: ['shop-wide'] },
  ],
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: E2E_CHROME,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // A failed test keeps its trace (actions, network, sources; DOM snapshots outside CI) but no screencast: both
    // are recorded for every test, passed or not. The screencast cost checkout.spec 85 s of CPU against 52 s; the
    // snapshots 77 s against 65 s, on this 2-core machine. CI prints the error and cannot hand the trace out, so
    // there the failure keeps a screenshot instead.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: !process.env.CI, sources: true },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://localhost:${E2E_PORT}/order/v2/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: process.env.STOREFRONT_E2E_DATA_DIR,
      DEFAULT_SHOP: 'kebab',
      // Each test sends a client address of its own (e2e/fixtures.ts); the server takes it from the loopback proxy.
      TRUST_PROXY: 'loopback',
      // No two log lines per request: stdout is ignored here, and writing them cost the server CPU.
      ACCESS_LOG: '0',
    },
  },
});
