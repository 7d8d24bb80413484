import { expect, test } from './fixtures';
import { shopUrl } from './shops';

test.use({ baseURL: shopUrl('kebab'), viewport: { width: 390, height: 844 } });

const scrollY = (page: import('@playwright/test').Page) => page.evaluate(() => window.scrollY);

test('Scenario: a product opens at the top; back returns the home to where it was scrolled', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByTestId('home')).toBeVisible();
  const card = page.getByTestId('home').getByTestId('item-card').last();
  await card.scrollIntoViewIfNeeded();
  const left = await scrollY(page);
  expect(left).toBeGreaterThan(300);

  await card.click();
  await expect(page.getByTestId('item-page')).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page.getByTestId('home')).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(left);

  // Forward returns to the product at its top, where it was left.
  await page.goForward();
  await expect(page.getByTestId('item-page')).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('Scenario: a screen whose code fails to load offers a reload, and going back leaves the error behind', async ({ page }) => {
  await page.route('**/order/v2/assets/item-page-*.js', (route) => route.abort());
  await page.goto('./');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.getByTestId('home').getByTestId('item-card').first().click();
  // The chunk error (spec §8), not the generic crash page.
  const error = page.getByTestId('chunk-error');
  await expect(error.getByRole('heading')).toHaveText('این صفحه بارگذاری نشد');
  await expect(error.getByRole('button', { name: 'تلاش دوباره' })).toBeVisible();

  await page.goBack();
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('chunk-error')).toHaveCount(0);
});
