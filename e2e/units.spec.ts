import { expect, test } from './fixtures';
import { shopUrl } from './shops';

// Issue 10, defect 9: the nuts shop sells almonds by the 100 g and walnuts by the kg; the price
// says what amount it is for and the basket says how much is in it.

test.describe('units at the nuts shop', () => {
  test.use({ baseURL: shopUrl('nuts') });

  test('Scenario: almonds are priced per 100 g and counted in steps of 100 g; walnuts per kg', async ({ page }) => {
    await page.goto('./cat');
    const almonds = page.getByTestId('item-card').filter({ hasText: 'بادام درختی' });
    await expect(almonds).toContainText('۹۵٬۰۰۰ تومان / ۱۰۰ گرم');
    await expect(page.getByTestId('item-card').filter({ hasText: 'مغز گردو' })).toContainText('۹۸۰٬۰۰۰ تومان / کیلوگرم');

    await almonds.click();
    await expect(page.getByTestId('item-price')).toHaveText('۹۵٬۰۰۰ تومان / ۱۰۰ گرم');
    await expect(page.getByTestId('item-unit')).toHaveText('واحد: ۱۰۰ گرم');
    await page.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('selection-ready')).toBeVisible();

    await page.goto('./basket');
    const line = page.getByTestId('cart-line').filter({ hasText: 'بادام درختی' });
    await expect(line.getByTestId('line-count')).toHaveText('۱۰۰ گرم');
    await line.getByRole('button', { name: /^یکی بیشتر/ }).click();
    await expect(line.getByTestId('line-count')).toHaveText('۲۰۰ گرم');
    await expect(line.getByTestId('line-price')).toHaveText('۹۵٬۰۰۰ تومان / ۱۰۰ گرم');
    await expect(page.getByTestId('cart-total')).toHaveText('۱۹۰٬۰۰۰ تومان');
  });

  test('Scenario: in English the same amounts read «100 g» and «kg»', async ({ page }) => {
    await page.goto('./');
    await page.evaluate(() => localStorage.setItem('storefront.language', 'en'));
    await page.goto('./cat');
    await expect(page.getByTestId('item-card').filter({ hasText: 'Almonds' })).toContainText('95,000 toman / 100 g');
    await expect(page.getByTestId('item-card').filter({ hasText: 'Walnut kernels' })).toContainText('980,000 toman / kg');
  });
});
