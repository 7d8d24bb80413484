import { expect, test, type APIRequestContext } from './fixtures';
import { E2E_PORT } from '../playwright.config';
import { consoleUrl, shopUrl } from './shops';
import { consoleLogIn, shopApi } from './shop-session';

// Issue 30, "the promises that wait on the shop": the owner answers an access request made through the storefront
// (the customer gets an SMS and keeps seeing prices) and tops up the customer's wallet with a reason, which the
// customer's wallet page shows with its label.

/** The dev outbox's messages to `phone`, newest first (Node cannot resolve *.localhost: plain localhost). */
async function outbox(request: APIRequestContext, phone: string): Promise<{ text: string; code: string | null }[]> {
  const reply = await request.get(`http://localhost:${E2E_PORT}/dev/sms-outbox?phone=${phone}`);
  return ((await reply.json()) as { data: { text: string; code: string | null }[] }).data;
}

test('Scenario: the wholesale owner approves a request from the storefront (SMS sent, prices shown), tops up that customer\'s wallet with a reason and adds a staff member, who is not offered the owner\'s screens', async ({ browser, page }) => {
  const phone = '09391110511';
  const name = 'خریدار پیشخوان';
  // The customer opens the storefront's access request form.
  await shopApi(page, 'wholesale').register(phone, name);
  await page.goto(`${shopUrl('wholesale')}access-request`);

  // The owner, in a browser of their own, logs into the console and opens the access requests.
  const owner = await consoleLogIn(browser, 'wholesale');
  const ownerContext = owner.context();
  const nav = owner.getByRole('navigation', { name: 'پنل فروشگاه' });
  await expect(nav.getByRole('link', { name: 'کارکنان' })).toBeVisible();
  await nav.getByRole('link', { name: 'درخواست‌های دسترسی' }).click();
  await expect(owner.getByRole('heading', { name: 'درخواست‌های دسترسی' })).toBeVisible();

  // The customer asks; the request reaches the open console live (the staff's long poll), counted on the navigation.
  await page.getByRole('textbox', { name: 'نام فروشگاه یا شرکت' }).fill('فروشگاه پیشخوان');
  await page.getByRole('button', { name: 'ارسال درخواست' }).click();
  await expect(page.getByText('درخواست شما دریافت شد. نتیجه از طریق پیامک اعلام می‌شود.')).toHaveCount(1);
  const messagesBefore = (await outbox(page.request, phone)).length;
  const card = owner.getByRole('article', { name });
  await expect(card).toHaveCount(1);
  await expect(owner.getByTestId('access-pending-badge')).toHaveText(/^[۱-۹][۰-۹]*$/);

  // A denial without a reason is refused beside its field; the request stays pending.
  await card.getByRole('button', { name: 'رد…' }).click();
  await card.getByRole('button', { name: 'رد دسترسی' }).click();
  await expect(card.getByText('این بخش الزامی است.')).toBeVisible();
  await card.getByRole('button', { name: 'لغو' }).click();

  // One tap approves: the request leaves the pending list, the note says an SMS tells the customer.
  await card.getByRole('button', { name: 'تأیید' }).click();
  await expect(owner.getByTestId('access-answered')).toHaveText(`${name} اکنون قیمت‌ها را می‌بیند؛ پیامکی به او خبر می‌دهد.`);
  await expect(owner.getByRole('article', { name })).toHaveCount(0);
  await expect(owner.getByRole('alert')).toHaveCount(0);

  // The customer's SMS with the answer is in the dev outbox (a message besides the login code).
  await expect.poll(async () => (await outbox(page.request, phone)).length).toBeGreaterThan(messagesBefore);
  expect((await outbox(page.request, phone))[0].text).toContain('درخواست دسترسی شما تایید شد');

  // The customer's storefront shows prices.
  await page.goto(`${shopUrl('wholesale')}cat`);
  await expect(page.getByTestId('item-card').filter({ hasText: 'دفتر ۱۰۰ برگ' })).toContainText('۲۱٬۰۰۰٬۰۰۰ ریال');

  // The owner tops up that customer's wallet with a reason (the owner has no limit).
  await nav.getByRole('link', { name: 'کیف پول مشتریان' }).click();
  await owner.getByLabel('تلفن یا نام').fill(phone);
  await owner.getByRole('button', { name: 'جستجو' }).click();
  await owner.getByTestId('wallet-customers').getByRole('button', { name: new RegExp(name) }).click();
  await expect(owner.getByTestId('wallet-limit')).toHaveText('می‌توانید هر مبلغی را در کیف پول تغییر دهید.');
  await expect(owner.getByTestId('wallet-balance')).toHaveText('موجودی: ۰ ریال');
  // Without a reason nothing is sent.
  await owner.getByLabel('مبلغ (ریال)').fill('۵۰۰۰۰');
  await owner.getByRole('button', { name: 'ذخیره' }).click();
  await expect(owner.getByText('این بخش الزامی است.')).toBeVisible();
  await expect(owner.getByTestId('wallet-balance')).toHaveText('موجودی: ۰ ریال');
  await owner.getByLabel('دلیل (مشتری آن را می‌خواند)').fill('هدیه افتتاح');
  await owner.getByRole('button', { name: 'ذخیره' }).click();
  await expect(owner.getByTestId('wallet-adjusted')).toHaveText('۵۰٬۰۰۰ ریال افزوده شد.');
  await expect(owner.getByTestId('wallet-balance')).toHaveText('موجودی: ۵۰٬۰۰۰ ریال');
  await expect(owner.getByTestId('wallet-ledger')).toContainText('افزایش توسط مدیر');
  await expect(owner.getByTestId('wallet-ledger')).toContainText('هدیه افتتاح');
  await expect(owner.getByRole('alert')).toHaveCount(0);

  // The owner adds a staff member (a short password is refused beside its field); logged in, the staff member is
  // offered neither the team nor the owner's other screens, and sees their wallet limit.
  await nav.getByRole('link', { name: 'کارکنان' }).click();
  const added = owner.getByRole('form', { name: 'افزودن حساب کارمند' });
  await added.getByLabel('نام', { exact: false }).first().fill('کارمند پیشخوان');
  await added.getByLabel('نام کاربری').fill('counter-staff');
  await added.getByLabel('رمز عبور').fill('short');
  await owner.getByRole('button', { name: 'افزودن' }).click();
  await expect(added.getByLabel('رمز عبور')).toHaveAttribute('aria-invalid', 'true');
  await expect(added.getByText('دست‌کم ۸ نویسه.')).toBeVisible();
  await added.getByLabel('رمز عبور').fill('counter-staff-pass');
  await owner.getByRole('button', { name: 'افزودن' }).click();
  await expect(owner.getByRole('article', { name: 'کارمند پیشخوان' })).toBeVisible();
  await owner.getByRole('button', { name: 'خروج' }).click();
  await expect(owner.getByRole('heading', { name: 'پنل فروشگاه', level: 1 })).toBeVisible();
  await owner.getByLabel('نام کاربری').fill('counter-staff');
  await owner.getByLabel('رمز عبور').fill('counter-staff-pass');
  await owner.getByRole('button', { name: 'ورود' }).click();
  await expect(owner.getByTestId('console-staff-name')).toHaveText('کارمند پیشخوان');
  await expect(nav.getByRole('link', { name: 'کیف پول مشتریان' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'کارکنان' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'تنظیمات پیشخوان' })).toHaveCount(0);
  // Typed, the team's address leads to the first screen instead.
  await owner.goto(`${consoleUrl('wholesale')}team`);
  await expect(owner.getByTestId('console-staff-name')).toHaveText('کارمند پیشخوان');
  await expect(owner).not.toHaveURL(/\/team$/);
  await expect(owner.getByTestId('team-screen')).toHaveCount(0);
  await ownerContext.close();

  // The customer's wallet page shows the row with its label and its reason, once.
  await page.goto(`${shopUrl('wholesale')}profile/wallet`);
  await expect(page.getByTestId('wallet-balance')).toHaveText('۵۰٬۰۰۰ ریال');
  const row = page.getByRole('row').filter({ hasText: 'افزایش توسط مدیر' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('هدیه افتتاح');
});
