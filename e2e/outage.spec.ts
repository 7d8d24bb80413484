import { expect, test } from './fixtures';
import { withoutBootData } from './boot';
import { shopUrl } from './shops';

test('Scenario: the server answers 503 while its database is down; the app says so and retries by itself', async ({ page }) => {
  const message = 'سرویس موقتا در دسترس نیست؛ لطفا چند لحظه دیگر دوباره تلاش کنید.';
  // The server could not write index.html's boot block either (its database is down).
  await withoutBootData(page);
  let outages = 0;
  await page.route('**/order/order.php', async (route) => {
    if (outages < 1 && route.request().postData()?.includes('get_shop')) {
      outages += 1;
      await route.fulfill({ status: 503, headers: { 'retry-after': '4' }, json: { status: false, result: 'service_unavailable', data: { wait_seconds: 4 }, message } });
    } else {
      await route.continue();
    }
  });

  await page.goto(shopUrl('kebab'));
  await expect(page.getByRole('heading', { name: 'موقتاً در دسترس نیست' })).toBeVisible();
  await expect(page.getByTestId('outage-retry')).toContainText('4');
  await expect(page.getByTestId('failure-message')).toHaveText(message);
  // No click: the app tries again after the server's Retry-After (4 s, so the page can be read meanwhile).
  await expect(page.getByTestId('home')).toBeVisible();
  expect(outages).toBe(1);
});
