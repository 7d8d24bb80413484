import sharp from 'sharp';
import { expect, test } from './fixtures';
import { normalizeDigits } from '../contract/digits';
import { formatCoordinate } from '../contract/numbers';
import { E2E_PORT } from '../playwright.config';
import { consoleLogIn } from './shop-session';
import { consoleUrl, shopUrl } from './shops';

// Issue 32: the owner writes the shop's rules in the console; a customer's next visit to /rules shows them,
// and the console keeps a link off the site from being sent.

test('Scenario: the kebab owner writes the rules page in fa and en and a customer reads them on /rules; a banner with a javascript: link is refused in the form', async ({ browser, page }) => {
  const owner = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await owner.goto(`http://kebab.localhost:${E2E_PORT}/order/console/content`);
  await owner.getByLabel('نام کاربری').fill('admin');
  await owner.getByLabel('رمز عبور').fill('demo-kebab');
  await owner.getByRole('button', { name: 'ورود' }).click();
  await expect(owner.getByRole('heading', { name: 'محتوای فروشگاه' })).toBeVisible();

  await owner.getByRole('button', { name: 'قوانین' }).click();
  await owner.getByTestId('content-page-fa').fill('سفارش‌ها تا ساعت ۲۲ پذیرفته می‌شوند.');
  await owner.getByTestId('content-page-en').fill('Orders are taken until 22:00.');
  await owner.getByTestId('content-page-en').press('Tab');
  await owner.getByTestId('content-page-save').click();
  await expect(owner.getByRole('status')).toHaveText('ذخیره شد. مشتریان در بازدید بعدی خود آن را می‌بینند.');

  await owner.getByTestId('content-banner-add').click();
  await owner.getByTestId('picture-title').fill('تخفیف');
  await owner.getByTestId('picture-title_en').fill('Offer');
  await owner.getByTestId('picture-picture_id').fill('1');
  await owner.getByTestId('picture-link').fill('javascript:alert(1)');
  await owner.getByTestId('picture-link').press('Enter');
  await expect(owner.getByText('مسیری در همین سایت که با / آغاز شود، یا نشانی https.')).toHaveCount(1);
  await expect(owner.getByRole('alert')).toHaveCount(0);

  await page.goto(`${shopUrl('kebab')}rules`);
  await expect(page.getByTestId('rules-page').getByText('سفارش‌ها تا ساعت ۲۲ پذیرفته می‌شوند.')).toHaveCount(1);
});

// Issue 32, magazine posts: the owner writes a post with a cover and publishes it, and writes a draft; a customer's
// next read of the magazine shows the post with its picture, once, and never the draft. Then the delivery area's map
// takes its point from the keyboard (arrow keys move it; the latitude field follows).
test('Scenario: the owner publishes a magazine post with a cover at 390 px and keeps a draft; the customer\'s next read of the magazine shows the post once and not the draft; the area map moves its point by keyboard', async ({ browser, page }) => {
  await page.goto(`${shopUrl('kebab')}moremenu`);
  const owner = await consoleLogIn(browser, 'kebab');
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.goto(`${consoleUrl('kebab')}content`);
  const magazine = owner.getByTestId('content-magazine');

  await magazine.getByTestId('magazine-add').click();
  await magazine.getByTestId('magazine-title').fill('نان تازه از تنور');
  await magazine.getByTestId('magazine-body').fill('از این هفته نان را همین‌جا می‌پزیم.');
  const photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
  await magazine.getByLabel('بارگذاری تصویر جلد').setInputFiles({ name: 'bread.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(magazine.getByTestId('magazine-cover')).toHaveAttribute('src', /^\/media\/\d+\/thumb$/);
  const cover = (await magazine.getByTestId('magazine-cover').getAttribute('src'))!.replace('/thumb', '');
  await magazine.getByTestId('magazine-published').check();
  await magazine.getByTestId('magazine-save').click();
  await expect(magazine.getByRole('status')).toHaveText('ذخیره شد. مشتریان در بازدید بعدی خود آن را می‌بینند.');
  await magazine.getByTestId('magazine-add').click();
  await magazine.getByTestId('magazine-title').fill('پیش‌نویس منوی زمستانی');
  await magazine.getByTestId('magazine-body').fill('هنوز آماده نیست.');
  await magazine.getByTestId('magazine-save').click();
  await expect(magazine.getByTestId('magazine-entry').filter({ hasText: 'پیش‌نویس منوی زمستانی' })).toContainText('پیش‌نویس');
  await expect(magazine.getByTestId('magazine-entry').first()).toContainText('پیش‌نویس منوی زمستانی'); // newest first
  await expect(owner.getByRole('alert')).toHaveCount(0);
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The customer's next read: the magazine, reached from the menu already open, shows the post first with its cover.
  await page.getByRole('link', { name: 'مجله' }).click();
  const posts = page.getByTestId('magazine-page').getByRole('heading', { level: 2 });
  await expect(posts.first()).toHaveText('نان تازه از تنور');
  await expect(page.getByTestId('magazine-page').getByRole('heading', { name: 'نان تازه از تنور' })).toHaveCount(1);
  await expect(page.getByTestId('magazine-page').getByText('پیش‌نویس منوی زمستانی')).toHaveCount(0);
  await expect(page.getByTestId('magazine-page').locator(`img[src^="${cover}"]`)).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Back as it was, for the suite's other scenarios (the seeded posts fill the first page).
  for (const title of ['نان تازه از تنور', 'پیش‌نویس منوی زمستانی']) {
    await magazine.getByRole('button', { name: `حذف: ${title}` }).click();
    await expect(magazine.getByText(title)).toHaveCount(0);
  }

  // The delivery area's map by keyboard: focused, ArrowUp moves the point north, with a visible ring and the point in words.
  await owner.goto(`${consoleUrl('kebab')}shop`);
  const map = owner.locator('[data-testid$="-map"][role="application"]').first();
  const latitude = owner.getByLabel('عرض جغرافیایی').first();
  const before = await latitude.inputValue();
  await map.focus();
  await owner.keyboard.press('ArrowUp');
  await expect(latitude).not.toHaveValue(before);
  await expect(map).toBeFocused();
  expect(await map.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
  // The point in words, as coordinates are written everywhere (contract/numbers.ts: five places, Persian digits and mark).
  const moved = Number(normalizeDigits(await latitude.inputValue()));
  await expect(map.locator('[aria-live="polite"]')).toContainText(formatCoordinate(moved, 'fa'));
  await owner.context().close();
});
