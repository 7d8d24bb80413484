import { expect, test } from './fixtures';
import { consoleUrl } from './shops';

test('Scenario: the kebab shop\'s owner logs into the console in Persian, sees the shell, switches to English and logs out', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(consoleUrl('kebab'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'پنل فروشگاه' })).toBeVisible();
  await expect(page.getByTestId('console-login-shop')).toHaveText('کبابی شب‌های تهران');

  // A wrong password is read out (role=alert) and keeps the form; Enter submits.
  await page.getByLabel('نام کاربری').fill('admin');
  await page.getByLabel('رمز عبور').fill('wrong-password');
  await page.getByLabel('رمز عبور').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('نام کاربری یا رمز عبور نادرست است.');

  await page.getByLabel('رمز عبور').fill('demo-kebab');
  await page.getByRole('button', { name: 'ورود' }).click();
  // The first screen is the orders board (issue 30).
  await expect(page).toHaveURL(/\/order\/console\/orders$/);
  await expect(page.getByTestId('console-shop-name')).toHaveText('کبابی شب‌های تهران');
  await expect(page.getByTestId('console-staff-name')).toHaveText('مدیر فروشگاه');
  const nav = page.getByRole('navigation', { name: 'پنل فروشگاه' });
  await expect(page.getByRole('heading', { name: 'سفارش‌ها' })).toBeVisible();
  await nav.getByRole('link', { name: 'صندوق پشتیبانی' }).click();
  await expect(page).toHaveURL(/\/order\/console\/inbox$/);
  await expect(page.getByRole('heading', { name: 'صندوق پشتیبانی' })).toBeVisible();

  // A reload keeps the staff session (the staff_sid cookie), not the customer's.
  await page.reload();
  await expect(page.getByTestId('console-staff-name')).toHaveText('مدیر فروشگاه');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'staff_sid')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  expect(cookies.find((cookie) => cookie.name === 'sid')).toBeUndefined();

  await page.getByTestId('console-language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('console-shop-name')).toHaveText('Tehran Nights Kebab House');
  await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
  await expect(page.getByTestId('inbox-no-chat')).toHaveText('Choose a chat to read and answer it.');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Shop console' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'staff_sid')).toBeUndefined();
  // Logged out for the server too: a reload shows the login form again.
  await page.reload();
  await expect(page.getByLabel('Username')).toBeVisible();
  // Every style MUI injected carried the page's nonce.
  expect(refused).toEqual([]);
});

test('Scenario: the console\'s Persian catalog cannot be fetched: the page says so in both languages instead of staying blank', async ({ page }) => {
  // The operator's catalog is a chunk of its own (src/console/language.ts); the connection drops before it arrives.
  await page.route(/\/order\/v2\/assets\/fa-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto(consoleUrl('kebab'));
  await expect(page.locator('#root')).toContainText('کنسول بارگیری نشد');
  await expect(page.locator('#root')).toContainText('The console could not load; check the connection and reload the page.');
  await expect(page.getByLabel('نام کاربری')).toHaveCount(0);
});
