import { expect, test } from './fixtures';
import { shopUrl } from './shops';

// Issue 10, defect 10: errors that retrying cannot fix are not offered a retry. An inverted price
// range is the visitor's to correct (the fields are marked; the server would answer 400), and an
// unknown product is a permanent not-found.

test.describe('the kebab shop', () => {
  test.use({ baseURL: shopUrl('kebab') });

  test('Scenario: a price range with «از» above «تا» marks the fields and keeps the list; corrected, the list narrows', async ({ page }) => {
    await page.goto('./cat');
    const cards = page.getByTestId('item-card');
    await expect(cards.first()).toBeVisible();
    // The grid adds cards a batch per frame: count the whole page, not the first screenful.
    await expect(page.getByTestId('item-grid')).not.toHaveAttribute('aria-busy', 'true');
    const before = await cards.count();
    await page.getByTestId('price-from').fill('۵۰۰۰۰۰');
    await page.getByTestId('price-to').fill('۱۰۰۰۰');
    await page.getByTestId('price-apply').click();
    await expect(page.getByTestId('price-from')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('price-to')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('حداقل قیمت نمی‌تواند از حداکثر قیمت بیشتر باشد.')).toBeVisible();
    await expect(page.getByTestId('load-failure')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'تلاش دوباره' })).toHaveCount(0);
    await expect(cards).toHaveCount(before);

    // Corrected, the marks go and the list narrows (kebab prices are toman: 45,000 to 470,000).
    await page.getByTestId('price-from').fill('۱۰۰۰۰');
    await page.getByTestId('price-to').fill('۱۰۰۰۰۰');
    await page.getByTestId('price-apply').click();
    await expect(page).toHaveURL(/from=10000&to=100000/);
    await expect(page.getByTestId('price-from')).not.toHaveAttribute('aria-invalid', 'true');
    await expect.poll(async () => {
      const prices = await cards.evaluateAll((all) => all.map((card) => Number(card.getAttribute('data-price'))));
      return prices.length > 0 && prices.length < before && prices.every((price) => price >= 100_000 && price <= 1_000_000);
    }).toBe(true);
  });

  test('Scenario: an inverted range in the address (a shared link) marks the fields instead of failing', async ({ page }) => {
    await page.goto('./cat?from=500000&to=10000');
    await expect(page.getByTestId('category-page')).toBeVisible();
    await expect(page.getByTestId('price-from')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('حداقل قیمت نمی‌تواند از حداکثر قیمت بیشتر باشد.')).toBeVisible();
    await expect(page.getByTestId('load-failure')).toHaveCount(0);
  });

  test('Scenario: an unknown product shows not-found, with no retry; so does an unknown category', async ({ page }) => {
    // With a name, as a stale link or a bookmark has it (without one the route itself is not found).
    await page.goto(`./item/999999/${encodeURIComponent('پیتزا قدیمی')}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'محصول مورد نظر پیدا نشد' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'بازگشت به صفحه اصلی' })).toBeVisible();
    await expect(page.getByTestId('load-failure')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'تلاش دوباره' })).toHaveCount(0);

    await page.goto(`./cat/999999/${encodeURIComponent('قدیمی')}`);
    await expect(page.getByTestId('category-page').getByTestId('not-found')).toContainText('دسته‌بندی مورد نظر پیدا نشد');
    await expect(page.getByRole('button', { name: 'تلاش دوباره' })).toHaveCount(0);
  });
});
