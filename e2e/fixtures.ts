import { createHash } from 'node:crypto';
import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * A client address of its own for one test, as a customer's phone would have: the server allows
 * only 3 login codes per address and shop in 10 minutes, and every test of the suite would
 * otherwise be one client (127.0.0.1) sharing them. The server trusts the loopback proxy's
 * X-Forwarded-For in this run (playwright.config.ts, TRUST_PROXY=loopback).
 */
export function clientAddress(testId: string): string {
  const [a, b, c] = createHash('sha256').update(testId).digest();
  return `10.${a}.${b}.${c === 0 ? 1 : c}`;
}

/**
 * Playwright's test, each test a client of its own (its pages, its request fixture, its API calls). The contexts a
 * test opens itself (a second customer, a console) close when it ends: left open, their pages went on polling the
 * server and running their boards for the rest of the worker's tests.
 */
export const test = base.extend<{ extraHTTPHeaders: Record<string, string> | undefined; ownContextsClosed: void }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress(testInfo.testId) });
  },
  ownContextsClosed: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
    },
    { auto: true },
  ],
});
