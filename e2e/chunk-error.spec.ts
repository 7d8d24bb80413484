import { expect, test } from './fixtures';
import { shopUrl } from './shops';

// Issue 28, item 17 (spec §8, §9): a screen whose script chunk fails to load shows the chunk error,
// in the visitor's language, with a way to try again; not a blank page nor a generic crash. The
// 120 s timeout is covered without waiting by tests/ui/chunk-load.test.ts.

test('Scenario: the contact page\'s chunk fails: the chunk error in Persian, and trying again brings the page', async ({ page }) => {
  let failing = true;
  await page.route(/\/assets\/contact-page-[^/]*\.js$/, (route) => (failing ? route.abort('failed') : route.fallback()));
  await page.goto(`${shopUrl('kebab')}contact`);
  const error = page.getByTestId('chunk-error');
  await expect(error.getByRole('heading')).toHaveText('این صفحه بارگذاری نشد');
  await expect(error).toContainText('بخشی از برنامه نرسید یا بیش از دو دقیقه طول کشید.');
  await expect(page.getByTestId('contact-send')).toHaveCount(0);

  failing = false;
  await error.getByRole('button', { name: 'تلاش دوباره' }).click();
  await expect(page.getByTestId('contact-send')).toBeVisible();
  await expect(page.getByTestId('chunk-error')).toHaveCount(0);
});
