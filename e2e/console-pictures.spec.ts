import sharp from 'sharp';
import { expect, test } from './fixtures';
import { consoleLogIn } from './shop-session';
import { consoleUrl, shopUrl } from './shops';

// Issue 32, pictures "through the upload pipeline, first as cover": the owner, on a phone, uploads a photo for an
// item in the console's item editor (reaching the upload button with the keyboard) and makes it the cover; a
// customer whose storefront is already open sees it on their next read (a navigation inside the SPA, no reload).

test('Scenario: the owner uploads a picture for an item at 390 px and makes it the cover; the customer\'s open storefront shows it on its next read', async ({ browser, page }) => {
  // The customer has the starters open.
  await page.goto(shopUrl('kebab'));
  await page.getByTestId('home').getByRole('link', { name: 'پیش‌غذا', exact: true }).first().click();
  const salad = page.getByTestId('category-page').getByTestId('item-card').filter({ hasText: 'سالاد شیرازی' });
  await expect(salad).toBeVisible();

  const owner = await consoleLogIn(browser, 'kebab');
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.goto(`${consoleUrl('kebab')}catalog`);
  await owner.getByRole('button', { name: 'ویرایش سالاد شیرازی' }).click();
  const pictures = owner.getByTestId('item-editor').getByTestId('item-pictures');

  await expect(pictures.getByTestId('item-picture')).toHaveCount(1);

  // The upload button is the file input's label: Tab from the last picture's button reaches it.
  await pictures.getByRole('button', { name: 'حذف تصویر ۱' }).focus();
  await owner.keyboard.press('Tab');
  const file = pictures.getByLabel('افزودن تصویر');
  await expect(file).toBeFocused();
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 160, b: 90 } } }).jpeg().toBuffer();
  await file.setInputFiles({ name: 'salad.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(pictures.getByTestId('item-picture')).toHaveCount(2);
  await pictures.getByRole('button', { name: 'انتقال تصویر ۲ به جلو' }).click();
  const cover = pictures.getByRole('img', { name: 'تصویر اصلی' });
  await expect(cover).toHaveAttribute('src', /^\/media\/\d+\/thumb$/);
  await expect(pictures.getByRole('button', { name: 'حذف تصویر ۱' })).toBeEnabled();
  const uploaded = (await cover.getAttribute('src'))!.replace('/thumb', '');
  // The re-encoded thumbnail loads (a real picture, not a broken image).
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await expect(owner.getByRole('alert')).toHaveCount(0);
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The customer's next read: the item page shows the uploaded picture as its main picture, once.
  await salad.click();
  const main = page.getByTestId('item-page').getByTestId('item-picture');
  await expect(main).toHaveAttribute('src', uploaded);
  await expect(main).toHaveCount(1);
  await expect.poll(() => main.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Back as it was, for the suite's other scenarios.
  await pictures.getByRole('button', { name: 'حذف تصویر ۱' }).click();
  await expect(pictures.getByTestId('item-picture')).toHaveCount(1);
  await expect(pictures.getByRole('img', { name: 'تصویر اصلی' })).not.toHaveAttribute('src', `${uploaded}/thumb`);
  await owner.context().close();
});
