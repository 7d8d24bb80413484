import { expect, test } from './fixtures';
import { persianDigit, shopUrl } from './shops';

test.describe('kebab shop (interface 2, default fa)', () => {
  test.use({ baseURL: shopUrl('kebab') });

  test('Scenario: the home renders in Persian, right to left, with Persian digits', async ({ page }) => {
    await page.goto('./');
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'دسته‌بندی‌ها' })).toBeVisible();
    const indicator = page.getByTestId('slide-indicator');
    await expect(indicator).toHaveText(persianDigit);
    await expect(indicator).not.toHaveText(/[0-9]/);
  });

  test('Scenario: switching to English flips to ltr and survives a reload', async ({ page }) => {
    await page.goto('./');
    await page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    const back = page.getByRole('button', { name: 'Switch language to Persian' });
    await expect(back).toBeVisible();
    expect(await back.getAttribute('aria-label')).toContain((await back.innerText()).trim());
    await expect(page.getByTestId('slide-indicator')).toHaveText(/^\d+ \/ \d+$/);
  });

  test('Scenario: the language switch works from the keyboard', async ({ page }) => {
    await page.goto('./');
    const toggle = page.getByRole('button', { name: 'تغییر زبان به انگلیسی' });
    // Its accessible name holds the label it shows (WCAG 2.5.3: label in name).
    expect(await toggle.getAttribute('aria-label')).toContain((await toggle.innerText()).trim());
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('Scenario: an unknown route shows Not Found with a link home', async ({ page }) => {
    await page.goto('no-such-page/at-all');
    await expect(page.getByRole('heading', { name: 'صفحه پیدا نشد' })).toBeVisible();
    await page.getByRole('link', { name: 'بازگشت به صفحه اصلی' }).click();
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('Scenario: a deep link loads the app on that page', async ({ page }) => {
    await page.goto('cat/14/drinks');
    await expect(page.getByRole('heading', { level: 1, name: 'نوشیدنی‌ها' })).toBeVisible();
    await expect(page).toHaveURL(/\/order\/v2\/cat\/14\/drinks$/);
  });
});

test('Scenario: the shop in development shows the maintenance page', async ({ page }) => {
  await page.goto(shopUrl('soon'));
  await expect(page.getByText('فروشگاه آنلاین موقتاً تعطیل است.')).toBeVisible();
  await expect(page.getByTestId('home')).toHaveCount(0);
});

test('Scenario: the force_login shop sends an anonymous visitor to Login', async ({ page }) => {
  await page.goto(shopUrl('members'));
  await expect(page).toHaveURL(/\/order\/v2\/authentication\/login$/);
});

test('Scenario: interface 102 asks for login in a modal on a login-only page', async ({ page }) => {
  await page.goto(`${shopUrl('cafe')}profile`);
  const dialog = page.getByRole('dialog', { name: 'لطفا ابتدا وارد شوید' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'ورود' }).click();
  await expect(page).toHaveURL(/\/authentication\/login$/);
});

test('Scenario: a host app webview (device_type 1) must accept the agreement once', async ({ page }) => {
  await page.goto(`${shopUrl('grocery')}?device_type=1`);
  const dialog = page.getByRole('dialog', { name: 'شرایط استفاده' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'می‌پذیرم' }).click();
  await expect(dialog).toBeHidden();
  await page.goto(shopUrl('grocery'));
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
