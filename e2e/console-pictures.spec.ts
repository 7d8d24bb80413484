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

// Issue 32, "Folders (two levels, order, picture, colour)": the owner, on a phone, edits a subfolder whole — a bad
// colour refused beside its field, then a good one, and a picture uploaded from the keyboard; the customer whose
// parent category is open sees the subfolder on that colour with the picture's 320 px thumbnail on the next read.
test("Scenario: the owner sets a folder's colour and picture at 390 px; the customer's open category page shows them on its next read", async ({ browser, page }) => {
  await page.goto(shopUrl('kebab'));
  await page.getByTestId('home').getByRole('link', { name: 'کباب‌ها', exact: true }).first().click();
  const category = page.getByTestId('category-page');
  const chicken = category.getByRole('link', { name: 'کباب مرغ', exact: true });
  await expect(chicken).toBeVisible();
  // The seeded picture, by its list address.
  const seeded = await chicken.locator('img').getAttribute('src');
  expect(seeded).toMatch(/^\/media\/\d+\/thumb$/);

  const owner = await consoleLogIn(browser, 'kebab');
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.goto(`${consoleUrl('kebab')}catalog`);
  await owner.getByRole('button', { name: 'ویرایش پوشه کباب مرغ' }).click();
  const editor = owner.getByTestId('folder-editor');
  const colour = editor.getByLabel('رنگ پس‌زمینه (#rrggbb)');
  await colour.fill('قرمز');
  await colour.press('Enter');
  await expect(editor.getByText('رنگ را به شکل #rrggbb وارد کنید، مثل #f5e6d3.')).toBeVisible();
  await colour.fill('#f5e6d3');
  await colour.press('Enter');
  await expect(editor.getByRole('status')).toHaveText('ذخیره شد. مشتریان در بازدید بعدی خود آن را می‌بینند.');
  await expect(owner.getByTestId('catalog-folder').filter({ has: owner.getByRole('heading', { name: 'کباب مرغ' }) }).getByTestId('catalog-folder-tile')).toHaveCSS('background-color', 'rgb(245, 230, 211)');

  // The upload button (the seeded folder has a picture: "change") is the file input's label: Tab from "No colour" reaches it.
  await editor.getByRole('button', { name: 'بدون رنگ' }).focus();
  await owner.keyboard.press('Tab');
  const file = editor.getByLabel('تغییر تصویر');
  await expect(file).toBeFocused();
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg({ quality: 92 }).toBuffer();
  await file.setInputFiles({ name: 'joojeh.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(editor.getByRole('status')).toHaveText('تصویر ذخیره شد. مشتریان در بازدید بعدی آن را می‌بینند.');
  const shown = editor.getByRole('img', { name: 'تصویر پوشه' });
  await expect(shown).toHaveAttribute('src', /^\/media\/\d+\/thumb$/);
  const thumbnail = (await shown.getAttribute('src'))!;
  await expect(owner.getByRole('alert')).toHaveCount(0);
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The customer's next read (the subfolder's page, then back): the subfolder on its colour, with the thumbnail, once.
  await chicken.click();
  await expect(category.getByRole('heading', { level: 1, name: 'کباب مرغ' })).toBeVisible();
  await page.goBack();
  const picture = chicken.locator('img');
  await expect(picture).toHaveCount(1);
  await expect(picture).toHaveAttribute('src', thumbnail);
  expect(thumbnail).not.toBe(seeded);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(320);
  await page.mouse.move(0, 0); // the pointer left on the chip would show its hover shade
  await expect(chicken).toHaveCSS('background-color', 'rgb(245, 230, 211)');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The picture removed and the colour cleared (the seeded ones are not the owner's to restore).
  await editor.getByRole('button', { name: 'حذف تصویر', exact: true }).click();
  await expect(shown).toHaveCount(0);
  await editor.getByRole('button', { name: 'بدون رنگ' }).click();
  await editor.getByRole('button', { name: 'ذخیره پوشه' }).click();
  await expect(editor.getByRole('status')).toHaveText('ذخیره شد. مشتریان در بازدید بعدی خود آن را می‌بینند.');
  await owner.context().close();
});
