import { expect, test } from './fixtures';
import { E2E_PORT } from '../playwright.config';
import { holdCalls, withoutBootData } from './boot';
import { shopUrl } from './shops';

test('Scenario: the splash shows the shop and progress until the startup is ready', async ({ page, request }) => {
  // Node does not resolve *.localhost as Chromium does, so the shop is named by the Host header.
  const reply = await request.post(`http://localhost:${E2E_PORT}/order/order.php`, {
    headers: { Host: `kebab.localhost:${E2E_PORT}` },
    multipart: { code: 'get_shop', language: 'fa' },
  });
  const shop = (await reply.json()).data as { name: string; data: { no_logo_in_splash: 0 | 1 } };

  // Without the boot block (as after a database fault), so the startup's calls can be held.
  await withoutBootData(page);
  const release = await holdCalls(page, 'get_slides');

  await page.goto(shopUrl('kebab'));
  // The server drew the home over the app from the block this visit does not have: the app's
  // splash, with the startup's own progress, takes its place, so only one of them is on the page.
  await expect(page.locator('#root main[aria-busy="true"]')).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'پیشرفت بارگذاری' })).toBeVisible();
  await expect(page.getByRole('heading', { name: shop.name })).toBeVisible();
  await expect(page.getByTestId('splash-logo')).toHaveCount(shop.data.no_logo_in_splash === 1 ? 0 : 1);
  await expect(page.getByTestId('home')).toHaveCount(0);
  release();
  await expect(page.getByTestId('home')).toBeVisible();
});

test('Scenario: a failed startup step shows the server message and Retry resumes', async ({ page }) => {
  const message = 'سبد خرید موقتاً در دسترس نیست';
  await withoutBootData(page);
  await page.route('**/order/order.php', async (route) => {
    if (route.request().postData()?.includes('get_cart')) {
      await route.fulfill({ status: 503, json: { status: false, result: 'unavailable', data: null, message } });
    } else {
      await route.continue();
    }
  });

  await page.goto(shopUrl('kebab'));
  await expect(page.getByRole('heading', { name: 'خطایی رخ داده' })).toBeVisible();
  await expect(page.getByTestId('failure-message')).toHaveText(message);
  await page.unroute('**/order/order.php');
  await page.getByRole('button', { name: 'تلاش دوباره' }).click();
  await expect(page.getByTestId('home')).toBeVisible();
});
