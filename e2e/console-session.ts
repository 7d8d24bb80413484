import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';

/** The shop's console, logged in as its demo owner (user admin, password demo-<slug>) in a context of its own. */
export async function consoleLogIn(browser: Browser, slug: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`http://${slug}.localhost:${E2E_PORT}/order/console/`);
  await page.getByLabel('نام کاربری').fill('admin');
  await page.getByLabel('رمز عبور').fill(`demo-${slug}`);
  await page.getByRole('button', { name: 'ورود' }).click();
  await expect(page.getByLabel('رمز عبور')).toHaveCount(0);
  return page;
}

/** A console code called from the logged-in console page (its staff cookie), for a test's setup and checks. */
export const consoleApi = <T>(page: Page, code: string, fields: Record<string, string>) =>
  page.evaluate(
    async ([name, payload]) => {
      const body = new FormData();
      body.set('code', name);
      for (const [key, value] of Object.entries(payload)) body.set(key, value);
      const reply = await fetch('/order/console/api', { method: 'POST', body });
      return (await reply.json()) as { result: string; data: unknown };
    },
    [code, fields] as const,
  ) as Promise<{ result: string; data: T }>;
