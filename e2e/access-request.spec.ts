import { expect, test } from './fixtures';
import { shopUrl } from './shops';
import { shopApi } from './shop-session';

// Issue 28, items 5 and 6: an empty access request is refused beside its field (nothing is promised),
// and Access Denied is shown only to someone who was refused.

test('Scenario: at the wholesale shop an empty request says why beside the company field; with a name it is received; Access Denied sends this waiting user home', async ({ page }) => {
  await shopApi(page, 'wholesale').register('09391110401', 'خریدار عمده');
  await page.goto(`${shopUrl('wholesale')}access-request`);
  const company = page.getByRole('textbox', { name: 'نام فروشگاه یا شرکت' });
  await expect(company).toBeVisible();

  await page.getByRole('textbox', { name: 'پیام' }).fill('   ');
  await page.getByRole('button', { name: 'ارسال درخواست' }).click();
  await expect(company).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('نام فروشگاه یا شرکت خود را بنویسید.')).toBeVisible();
  await expect(page.getByText('درخواست شما دریافت شد', { exact: false })).toHaveCount(0);

  await company.fill('فروشگاه مهر');
  await page.getByRole('button', { name: 'ارسال درخواست' }).click();
  await expect(page.getByText('درخواست شما دریافت شد. نتیجه از طریق پیامک اعلام می‌شود.')).toHaveCount(1);
  await expect(company).toHaveCount(0);

  // An account waiting for an answer (access_flag 0) was not refused: Access Denied is not its page.
  await page.goto(`${shopUrl('wholesale')}access-denied`);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page).not.toHaveURL(/access-denied/);
  await expect(page.getByText('تأیید نشده است')).toHaveCount(0);
});
