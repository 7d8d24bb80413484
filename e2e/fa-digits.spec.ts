import { expect, test, type Locator } from './fixtures';
import { persianDigit, shopUrl } from './shops';
import { codeFromOutbox, pageApi } from './shop-session';

// Issue 10, defect 7: every number the Persian UI shows is in Persian digits — the checkout
// stepper, the server's «N تلاش دیگر باقی است», a saved address typed with Persian digits
// (the client folds digits before sending), the map point and the thank-you page's tracking code.
// The members patisserie: no hours and no checkout rules, so a 'now' cash order is always taken.

/** The Latin digits in what `scope` shows (its rendered text; input values are not part of it). */
async function latinDigits(scope: Locator): Promise<string[]> {
  return (await scope.innerText()).match(/[0-9]+/g) ?? [];
}

async function expectPersianOnly(scope: Locator, what: string): Promise<void> {
  await expect(scope).toContainText(persianDigit);
  expect(await latinDigits(scope), `Latin digits in ${what}`).toEqual([]);
}

test.describe('Persian digits in fa at the members patisserie', () => {
  test.use({ baseURL: shopUrl('members') });

  test('Scenario: a wrong code, the stepper, a saved «پلاک ۱۰», the map point and the tracking code all show Persian digits', async ({ page, request }) => {
    const phone = '09391110201';
    await page.goto('./authentication/login');
    await page.getByLabel('شماره موبایل').fill(phone);
    await page.getByLabel('شماره موبایل').press('Enter');
    await expect(page).toHaveURL(/\/authentication\/verify$/);
    const code = await codeFromOutbox(request, phone);
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    const codeInput = page.getByLabel('کد تایید');
    await codeInput.fill(wrong);
    await codeInput.press('Enter');
    const helper = page.locator('#verify-code-helper-text');
    await expect(helper).toContainText('تلاش دیگر باقی است');
    await expectPersianOnly(helper, 'the wrong-code message');
    await codeInput.fill(code);
    await codeInput.press('Enter');
    await expect(page).toHaveURL(/\/authentication\/register$/);
    await page.getByLabel('نام و نام خانوادگی').fill('پریسا نوری');
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();
    await expect(page).not.toHaveURL(/\/authentication\//);

    const list = await pageApi<{ items: { item_id: number; name: string }[] }>(page, 'get_list_item', { name: 'کیک شکلاتی', pagination: '0' });
    const cake = list.items.find((item) => item.name === 'کیک شکلاتی');
    expect(cake, 'seeded item کیک شکلاتی').toBeTruthy();
    await pageApi(page, 'cart_controller', { item_id: String(cake!.item_id), count: '1' });

    await page.goto('./cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.getByTestId('cart-checkout').click();
    const delivery = page.getByTestId('checkout-delivery');
    await expect(delivery).toBeVisible();
    await expectPersianOnly(delivery.locator('.MuiStepper-root'), 'the checkout stepper');
    await expectPersianOnly(delivery, 'the delivery step');

    await page.getByRole('radio', { name: /ارسال با پیک/ }).check();
    await page.getByTestId('delivery-continue').click();
    await expect(page).toHaveURL(/\/cart\/address$/);
    await page.getByTestId('address-add').click();
    await page.getByTestId('address-map').click();
    await expectPersianOnly(page.getByTestId('map-point'), 'the map point');
    await page.getByLabel('عنوان (خانه، محل کار…)').fill('خانه ۲');
    await page.getByLabel('آدرس دقیق').fill('تهران، خیابان ولیعصر، پلاک ۱۰');
    await page.getByTestId('address-save').click();
    await expect(page).toHaveURL(/\/cart\/address$/);
    const saved = page.getByTestId('address-option');
    await expect(saved).toContainText('پلاک ۱۰');
    await expect(saved).toContainText('خانه ۲');
    await expectPersianOnly(page.getByTestId('checkout-address'), 'the address step');

    await page.getByTestId('address-continue').click();
    await expect(page).toHaveURL(/\/cart\/payment$/);
    await page.getByTestId('discount-skip').click();
    await page.getByTestId('wallet-skip').click();
    await page.getByRole('radio', { name: 'پرداخت نقدی هنگام تحویل' }).check();
    await expectPersianOnly(page.getByTestId('checkout-payment'), 'the payment step');
    await page.getByTestId('place-order').click();
    await page.getByRole('dialog').getByRole('button', { name: 'ثبت سفارش' }).click();

    await expect(page).toHaveURL(/\/successful-payment\/\d+$/);
    await expect(page.getByTestId('placed-lines')).toBeVisible();
    await expectPersianOnly(page.getByTestId('tracking-code'), 'the tracking code');
    await expectPersianOnly(page.getByTestId('order-placed'), 'the thank-you page');
  });
});
