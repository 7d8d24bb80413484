import { expect, test } from './fixtures';
import { shopUrl } from './shops';

// Issue 28, item 19: an item shows the labels the spec names (§3: code, texture and packaging
// types) where the shop gives them, and nothing where it does not. Item 20: the head carries the
// shop's meta keywords.

test('Scenario: the skincare gel shows its code, texture and packaging in Persian; the lipstick shows no labels', async ({ page }) => {
  await page.goto(`${shopUrl('skincare')}cat`);
  await page.getByTestId('item-card').filter({ hasText: 'ژل شستشوی صورت' }).click();
  await expect(page.getByTestId('item-page')).toBeVisible();
  await expect(page.getByTestId('item-label-code')).toHaveText('کد محصولSKC-1021');
  await expect(page.getByTestId('item-label-texture')).toHaveText('بافتژل');
  await expect(page.getByTestId('item-label-packaging')).toHaveText('نوع بسته‌بندیبطری پمپ‌دار');
  await expect(page.locator('head meta[name="keywords"]')).toHaveAttribute('content', 'پوست‌نو، سفارش آنلاین');

  await page.goto(`${shopUrl('skincare')}cat`);
  await page.getByTestId('item-card').filter({ hasText: 'رژ لب مات' }).click();
  await expect(page.getByTestId('colors')).toBeVisible();
  await expect(page.getByTestId('item-labels')).toHaveCount(0);
});

test('Scenario: in English the pistachio lists its code, texture and both packaging types', async ({ page }) => {
  await page.goto(shopUrl('nuts'));
  await page.evaluate(() => localStorage.setItem('storefront.language', 'en'));
  await page.goto(`${shopUrl('nuts')}cat`);
  await page.getByTestId('item-card').filter({ hasText: 'Salted Akbari pistachio' }).click();
  await expect(page.getByTestId('item-label-code')).toHaveText('Product codeNUT-110');
  await expect(page.getByTestId('item-label-texture')).toHaveText('TextureRoasted');
  await expect(page.getByTestId('item-label-packaging')).toHaveText('Packaging typeVacuum bag, Gift box');
});
