import { expect, test } from './fixtures';
import { shopUrl } from './shops';
import { consoleApi, consoleLogIn, shopApi } from './shop-session';

// Issue 42, point 8: shops that gate their customers say why (the login page), link the wholesale request form where
// a visitor lands, show a refusal's reason with a way to ask again, and an open request page learns the decision live.

const MEMBERS_WHY = 'این فروشگاه فقط ویژهٔ اعضای آن است: برای دیدن منو و سفارش وارد شوید.';
const WHOLESALE_WHY = 'این فروشگاه عمده‌فروشی برای فروشگاه‌داران است: برای دیدن قیمت همکار و سفارش وارد شوید.';
const RECEIVED = 'درخواست شما دریافت شد. نتیجه از طریق پیامک اعلام می‌شود.';

test('Scenario: an anonymous visitor of the members shop is told why on the login page, also after a bottom navigation entry', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(shopUrl('members'));
  await expect(page).toHaveURL(/authentication\/login/);
  await expect(page.getByText(MEMBERS_WHY)).toHaveCount(1);
  // Every entry of the bottom navigation lands on the same page, which still says why.
  const nav = page.getByRole('navigation', { name: 'ناوبری اصلی' });
  await nav.getByRole('link').last().click();
  await expect(page).toHaveURL(/authentication\/login/);
  await expect(page.getByText(MEMBERS_WHY)).toHaveCount(1);
  await expect(page.getByTestId('gate-notice').getByRole('link')).toHaveCount(0);
});

test('Scenario: at the wholesale shop the login page says why and links the request form; the home links it too; the console\'s denial reaches the open request page with its reason, a new request\'s approval too', async ({ browser, page }) => {
  await page.goto(shopUrl('wholesale'));
  await expect(page.getByText(WHOLESALE_WHY)).toHaveCount(1);
  await page.getByTestId('gate-notice').getByRole('link', { name: 'درخواست دسترسی عمده' }).click();
  await expect(page).toHaveURL(/access-request$/);
  await expect(page.getByRole('heading', { name: 'درخواست دسترسی' })).toBeVisible();

  // Signed in, the home offers the form; the request page agrees the store is open until a refusal.
  await shopApi(page, 'wholesale').register('09391110421', 'خریدار بسته');
  await page.goto(shopUrl('wholesale'));
  await page.getByTestId('access-invite').getByRole('link', { name: 'درخواست دسترسی عمده' }).click();
  await expect(page.getByText('تنها درخواستِ ردشده فروشگاه را به روی شما می‌بندد', { exact: false })).toBeVisible();
  await page.getByRole('textbox', { name: 'نام فروشگاه یا شرکت' }).fill('لوازم‌التحریر بسته');
  await page.getByRole('button', { name: 'ارسال درخواست' }).click();
  await expect(page.getByText(RECEIVED)).toHaveCount(1);

  // The owner denies it with a reason: the open page says so by itself (no reload), and offers to ask again.
  const owner = await consoleLogIn(browser, 'wholesale');
  const pending = async () => {
    const { data } = await consoleApi<{ requests: { id: number; company: string }[] }>(owner, 'access_requests', { status: 'pending' });
    return data.requests.find((request) => request.company === 'لوازم‌التحریر بسته')!.id;
  };
  const denied = await consoleApi(owner, 'access_answer', { request_id: String(await pending()), decision: 'deny', reason: 'مجوز کسب ارسال نشده است' });
  expect(denied.result).toBe('ok');
  await expect(page.getByText('درخواست دسترسی شما به این فروشگاه رد شد: مجوز کسب ارسال نشده است')).toHaveCount(1);
  await expect(page.getByText(RECEIVED)).toHaveCount(0);

  // Asked again, the new request waits; the owner's approval reaches the open page too.
  await page.getByRole('button', { name: 'درخواست دوباره' }).click();
  await page.getByRole('textbox', { name: 'نام فروشگاه یا شرکت' }).fill('لوازم‌التحریر بسته');
  await page.getByRole('button', { name: 'ارسال درخواست' }).click();
  await expect(page.getByText(RECEIVED)).toHaveCount(1);
  const approved = await consoleApi(owner, 'access_answer', { request_id: String(await pending()), decision: 'approve' });
  expect(approved.result).toBe('ok');
  await expect(page.getByText('درخواست شما تأیید شد: قیمت همکار و سفارش برای شما باز است.')).toHaveCount(1);
  await expect(page.getByText(RECEIVED)).toHaveCount(0);
});

test('Scenario: a refused wholesale customer reads the shop\'s reason on the access-denied page and can ask again', async ({ browser, page }) => {
  const api = shopApi(page, 'wholesale');
  await api.register('09391110422', 'خریدار ردشده');
  const request = await api.call<{ id: number }>('request_access', { company: 'کتاب‌فروشی دور' });
  const owner = await consoleLogIn(browser, 'wholesale');
  const denied = await consoleApi(owner, 'access_answer', { request_id: String(request.id), decision: 'deny', reason: 'خارج از محدودهٔ پخش' });
  expect(denied.result).toBe('ok');

  await page.goto(shopUrl('wholesale'));
  await expect(page).toHaveURL(/access-denied$/);
  await expect(page.getByText('درخواست دسترسی شما به این فروشگاه رد شد: خارج از محدودهٔ پخش')).toHaveCount(1);
  await page.getByRole('link', { name: 'درخواست دوباره' }).click();
  await expect(page).toHaveURL(/access-request$/);
  await expect(page.getByRole('textbox', { name: 'نام فروشگاه یا شرکت' })).toBeVisible();
});
