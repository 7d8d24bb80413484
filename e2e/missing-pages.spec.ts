import { expect, test, type Page } from './fixtures';
import { shopUrl } from './shops';
import { shopApi } from './shop-session';

// Issue 42, points 5, 6 and 10 (search, classifieds): what the person sees, never a reload's repair.

/** Shown once the page has settled: the not-found page, no skeleton left, no «خطایی رخ داده» with a retry. */
async function expectNotFound(page: Page, words: string | RegExp) {
  const notFound = page.getByTestId('not-found');
  await expect(notFound).toBeVisible();
  await expect(notFound).toContainText(words);
  await expect(page.getByTestId('not-found')).toHaveCount(1);
  await expect(page.getByTestId('loading')).toHaveCount(0);
  await expect(page.getByTestId('load-failure')).toHaveCount(0);
}

test('Scenario: an ad, a magazine post, an order and a conversation that are not there are each a not-found page, not a spinner nor a retry', async ({ page }) => {
  await page.goto(`${shopUrl('realestate')}home-4/detail/99999`);
  await expectNotFound(page, 'این آگهی پیدا نشد یا دیگر منتشر نمی‌شود');

  await page.goto(`${shopUrl('cafe')}magazine/post/9999/x`);
  await expectNotFound(page, /پیدا نشد/);

  await shopApi(page, 'realestate').register('09121420501', 'مریم کاظمی');
  await page.goto(`${shopUrl('realestate')}archive-orders/detail/999`);
  await expectNotFound(page, /پیدا نشد/);
  await page.goto(`${shopUrl('realestate')}home-4/chat/99999`);
  await expectNotFound(page, /پیدا نشد/);
});

test('Scenario: offline, a failed call says so in Persian (not "Failed to fetch"); back online, Retry shows the page', async ({ page, context }) => {
  await page.goto(`${shopUrl('cafe')}search`);
  const field = page.getByTestId('search-input');
  // Point 10: the search page opens with its field focused.
  await expect(field).toBeFocused();
  await context.setOffline(true);
  await field.fill('قهوه');
  await field.press('Enter');
  const failure = page.getByTestId('load-failure');
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('اتصال به اینترنت برقرار نیست');
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await context.setOffline(false);
  await failure.getByRole('button').click();
  await expect(page.getByTestId('load-failure')).toHaveCount(0);
  await expect(page.getByText('اتصال به اینترنت برقرار نیست')).toHaveCount(0);
});

test('Scenario: the classifieds home offers «ثبت آگهی» on itself and shows no cart', async ({ page }) => {
  await page.goto(shopUrl('realestate'));
  await expect(page.getByTestId('ad-finder')).toBeVisible();
  await expect(page.getByTestId('post-ad')).toHaveText('ثبت آگهی');
  await expect(page.getByRole('link', { name: /سبد خرید/ })).toHaveCount(0);
  await expect(page.getByText('سبد خرید')).toHaveCount(0);
});
