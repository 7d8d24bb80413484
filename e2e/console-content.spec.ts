import { expect, test } from './fixtures';
import { E2E_PORT } from '../playwright.config';
import { shopUrl } from './shops';

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
