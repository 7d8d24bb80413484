import { expect, test } from './fixtures';
import { E2E_PORT } from '../playwright.config';
import { shopUrl } from './shops';
import { codeFromOutbox } from './shop-session';

const kebabOrigin = `http://kebab.localhost:${E2E_PORT}`;

test.describe('accounts at the kebab shop', () => {
  test.use({ baseURL: shopUrl('kebab') });

  test('Scenario: a new user logs in by SMS code, registers, returns to the wallet, edits the profile; a cross-origin POST changes nothing', async ({ page, request }) => {
    // The code's page with no code on the way (a bookmark) asks for the number first.
    await page.goto('./authentication/verify');
    await expect(page).toHaveURL(/\/authentication\/login$/);
    await expect(page.getByRole('heading', { name: 'کد تایید را وارد کنید' })).toHaveCount(0);

    // Stopped at a login-only page, the visitor is sent to login and later returned there.
    await page.goto('./profile/wallet');
    await expect(page).toHaveURL(/\/authentication\/login$/);
    await page.getByRole('button', { name: 'ارسال کد' }).click();
    await expect(page.getByText('شماره تماس اجباری میباشد')).toBeVisible();

    const phone = '09391234567';
    await page.getByLabel('شماره موبایل').fill('+98 ۹۳۹ ۱۲۳ ۴۵۶۷');
    await page.getByLabel('شماره موبایل').press('Enter');
    await expect(page).toHaveURL(/\/authentication\/verify$/);
    await expect(page.getByText('یک کد ۶ رقمی به ۰۹۳۹۱۲۳۴۵۶۷ پیامک شد.')).toBeVisible();
    const codeInput = page.getByLabel('کد تایید');
    await expect(codeInput).toHaveAttribute('maxlength', '6');
    await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
    await expect(page.getByTestId('resend-countdown')).toBeVisible();

    await page.getByRole('button', { name: 'تایید' }).click();
    await expect(page.getByText('کد تایید اجباری میباشد')).toBeVisible();
    const code = await codeFromOutbox(request, phone);
    await codeInput.fill(code);
    await codeInput.press('Enter');

    await expect(page).toHaveURL(/\/authentication\/register$/);
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();
    await expect(page.getByText('وارد کردن نام و نام خانوادگی اجباری می باشد')).toBeVisible();
    await page.getByLabel('نام و نام خانوادگی').fill('لیلا محمدی');
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();

    await expect(page).toHaveURL(/\/profile\/wallet$/);
    await expect(page.getByRole('heading', { name: 'کیف پول' })).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toContainText('۰');
    await expect(page.getByText('هنوز تراکنشی ثبت نشده است.')).toBeVisible();

    // The login pages are for anonymous visitors only now.
    await page.goto('./authentication/login');
    await expect(page).toHaveURL(/\/order\/v2\/?$/);

    await page.goto('./profile/information');
    const name = page.getByLabel('نام و نام خانوادگی');
    await expect(name).toHaveValue('لیلا محمدی');
    await name.fill('لیلا محمدی‌نژاد');
    await page.getByRole('radio', { name: 'زن' }).check();
    const birth = page.getByRole('group', { name: 'تاریخ تولد' });
    await birth.getByLabel('سال').click();
    await page.getByRole('option', { name: '۱۳۷۰' }).click();
    await birth.getByLabel('ماه').click();
    await page.getByRole('option', { name: 'اسفند' }).click();
    await birth.getByLabel('روز').click();
    await page.getByRole('option', { name: '۲۹', exact: true }).click();
    await page.getByRole('button', { name: 'ذخیره' }).click();
    await expect(page.getByText('اطلاعات شما ذخیره شد.')).toBeVisible();

    // Another site posts a form to update_profile: refused, nothing changes. The attacker's page is
    // served by the test (our own shops' CSP, form-action 'self', would not even let the form leave).
    const userId = await page.evaluate(async () => {
      const reply = await fetch('/order/order.php', { method: 'POST', body: new URLSearchParams({ code: 'get_user_detail' }) });
      return String(((await reply.json()) as { data: { id: number } }).data.id);
    });
    const attacker = `http://attacker.localhost:${E2E_PORT}/`;
    await page.route(attacker, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>elsewhere</title>' }));
    await page.goto(attacker);
    const [reply] = await Promise.all([
      page.waitForResponse((response) => response.url() === `${kebabOrigin}/order/order.php`),
      page.evaluate(([action, id]) => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = action;
        for (const [field, value] of Object.entries({ code: 'update_profile', id, name: 'Hacked', gender: '1' })) {
          const input = document.createElement('input');
          input.name = field;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      }, [`${kebabOrigin}/order/order.php`, userId] as const),
    ]);
    expect(reply.status()).toBe(403);
    expect(((await reply.json()) as { result: string }).result).toBe('cross_origin');

    await page.goto(`${shopUrl('kebab')}profile/information`);
    await expect(page.getByLabel('نام و نام خانوادگی')).toHaveValue('لیلا محمدی‌نژاد');

    // Logout asks first, then returns home as an anonymous visitor.
    await page.goto(`${shopUrl('kebab')}profile`);
    await page.getByRole('button', { name: 'خروج از حساب' }).click();
    await expect(page.getByRole('dialog', { name: 'خروج از حساب؟' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'خروج از حساب' }).click();
    await expect(page).toHaveURL(/\/order\/v2\/?$/);
    await page.goto(`${shopUrl('kebab')}profile`);
    await expect(page).toHaveURL(/\/authentication\/login$/);
  });
});
