import { expect, test, type Page } from './fixtures';
import { shopUrl } from './shops';
import { pageApi, shopApi } from './shop-session';

/*
 * Spec §4's wallet operation "charge" as a customer does it (fa): the wallet page's top-up, the development sandbox
 * bank, and back on the wallet page. The skincare shop (toman) keeps no opening hours, so the run's hour does not
 * matter, and a top-up does not depend on them anyway. The live channel is held for these tests: what the page shows
 * after the bank is the top-up chart's own doing, not a live echo's.
 */

/** Holds the page's long polls unanswered (the live channel says nothing) and counts its wallet_charge_verify calls. */
async function withoutLiveEcho(page: Page) {
  const verifies: string[] = [];
  await page.route('**/order/order.php', async (route) => {
    const body = route.request().postData() ?? '';
    if (body.includes('name="code"\r\n\r\nlongpull')) return;
    if (body.includes('name="code"\r\n\r\nwallet_charge_verify')) verifies.push(body);
    return route.continue();
  });
  return verifies;
}

/** The wallet page's transaction rows. */
const rows = (page: Page) => page.getByRole('table').locator('tbody tr');

test.describe('topping up the wallet at the skincare shop', () => {
  test.use({ baseURL: shopUrl('skincare') });

  test('Scenario: a top-up paid at the sandbox bank: back on the wallet page with the new balance and the charge row once', async ({ page }) => {
    await shopApi(page, 'skincare').register('09391142001', 'نگار رضایی');
    const verifies = await withoutLiveEcho(page);
    await page.goto('./profile/wallet');
    await expect(page.getByTestId('wallet-balance')).toHaveText('۰ تومان');
    const field = page.getByLabel('مبلغ (تومان)');
    const help = page.locator('#wallet-top-up-amount-helper-text');
    await expect(help).toHaveText('از ۱۰٬۰۰۰ تومان تا ۵۰٬۰۰۰٬۰۰۰ تومان.');
    await expect(field).toHaveAttribute('aria-describedby', 'wallet-top-up-amount-helper-text');

    // Under the least: refused at the field, in Persian digits and toman, and nothing leaves the page.
    await field.fill('۵۰۰۰');
    await field.press('Enter');
    await expect(help).toHaveText('مبلغی بین ۱۰٬۰۰۰ تومان و ۵۰٬۰۰۰٬۰۰۰ تومان وارد کنید.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/profile\/wallet$/);

    // A one-tap amount fills the field in the reader's digits; the bank's page follows.
    await page.getByRole('button', { name: '۲۰۰٬۰۰۰ تومان' }).click();
    await expect(field).toHaveValue('۲۰۰٬۰۰۰');
    await expect(field).toHaveAttribute('aria-invalid', 'false');
    await page.getByRole('button', { name: 'پرداخت با درگاه بانک' }).click();
    await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
    await Promise.all([page.waitForURL(/\/profile\/wallet\?sep_id=/, { waitUntil: 'commit' }), page.getByRole('button', { name: /Pay/ }).click()]);

    await expect(page.getByTestId('wallet-top-up-result')).toHaveText('کیف پول شما ۲۰۰٬۰۰۰ تومان شارژ شد.');
    await expect(page.getByTestId('wallet-balance')).toHaveText('۲۰۰٬۰۰۰ تومان');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('۲۰۰٬۰۰۰ تومان');
    await expect(rows(page).first().getByText('موفق', { exact: true })).toBeVisible();
    // The address forgot the return: verified once, and a reload does not ask again.
    await expect(page).toHaveURL(/\/profile\/wallet$/);
    expect(verifies).toHaveLength(1);
    await page.reload();
    await expect(page.getByTestId('wallet-balance')).toHaveText('۲۰۰٬۰۰۰ تومان');
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByTestId('wallet-top-up-result')).toHaveCount(0);
    expect(verifies).toHaveLength(1);
    const wallet = await pageApi<{ balance: number; transactions: { operation: string; status: string }[] }>(page, 'get_wallet');
    expect(wallet.balance).toBe(2_000_000);
    expect(wallet.transactions).toEqual([expect.objectContaining({ operation: 'charge', status: 'success' })]);
  });

  test('Scenario: a top-up canceled at the bank: back on the wallet page, the failure said, the fail row shown and the balance unchanged', async ({ page }) => {
    await shopApi(page, 'skincare').register('09391142002', 'کاوه مرادی');
    const verifies = await withoutLiveEcho(page);
    await page.goto('./profile/wallet');
    await expect(page.getByTestId('wallet-balance')).toHaveText('۰ تومان');
    await page.getByLabel('مبلغ (تومان)').fill('۷۵۰۰۰');
    await page.getByRole('button', { name: 'پرداخت با درگاه بانک' }).click();
    await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
    await Promise.all([page.waitForURL(/\/profile\/wallet\?sep_id=/, { waitUntil: 'commit' }), page.getByRole('button', { name: /Cancel/ }).click()]);

    await expect(page.getByTestId('wallet-top-up-result')).toHaveText('پرداخت لغو شد؛ کیف پول شارژ نشد.');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('۷۵٬۰۰۰ تومان');
    await expect(rows(page).first().getByText('ناموفق', { exact: true })).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('۰ تومان');
    await expect(page).toHaveURL(/\/profile\/wallet$/);
    expect(verifies).toHaveLength(1);
    // Another top-up starts from an empty field.
    await page.getByRole('button', { name: 'شارژ دوباره' }).click();
    await expect(page.getByLabel('مبلغ (تومان)')).toHaveValue('');
  });
});
