import { expect, test } from '@playwright/test';
import { normalizeDigits } from '../contract/digits';
import { shopUrl } from './shops';
import { codeFromOutbox, pageApi, shareCookies, shopApi } from './shop-session';

// Issue 28, item 15 (spec §7 use_wallet type gift, §8 "confirmation prompts ... discount bag use"):
// the grocery's demo customer has a discount bag of 500,000 rial; the checkout offers it, asks before
// using it, and the bill and the invoice show what it paid.

/** Rial in a money text such as «۱۸٬۰۰۰٬۰۰۰ ریال». */
const rialOf = (text: string) => Number(normalizeDigits(text).replace(/[^0-9]/g, ''));

test.use({ baseURL: shopUrl('grocery') });

test('Scenario: the demo customer uses the discount bag after confirming; the bill and the invoice show it', async ({ page, request }) => {
  await page.goto('./');
  const api = shopApi(page, 'grocery');
  await api.call('login', { phone_number: '09129990001' });
  await api.call('check_verify_code', { verify_code: await codeFromOutbox(request, '09129990001') });
  await shareCookies(page.context(), 'grocery');
  const list = await pageApi<{ items: { item_id: number; name: string }[] }>(page, 'get_list_item', { name: 'برنج هاشمی ۱۰ کیلویی', pagination: '0' });
  const rice = list.items.find((item) => item.name === 'برنج هاشمی ۱۰ کیلویی');
  await pageApi(page, 'cart_controller', { item_id: String(rice!.item_id) });

  await page.goto('./basket');
  await page.getByTestId('cart-checkout').click();
  await page.getByRole('radio', { name: /تحویل حضوری/ }).check();
  await page.getByTestId('delivery-continue').click();
  await expect(page).toHaveURL(/\/cart\/payment$/);
  await page.getByTestId('discount-skip').click();
  await expect(page.getByTestId('gift-balance')).toHaveText('کیسه تخفیف: ۵۰۰٬۰۰۰ ریال');
  const total = rialOf(await page.getByTestId('bill-total').innerText());
  await expect(page.getByTestId('bill-gift')).toHaveCount(0);

  // Asked first; cancelling the question uses nothing.
  await page.getByTestId('gift-use').click();
  const question = page.getByRole('dialog');
  await expect(question.getByRole('heading')).toHaveText('از کیسه تخفیف استفاده شود؟');
  await question.getByRole('button', { name: 'انصراف' }).click();
  await expect(page.getByTestId('bill-gift')).toHaveCount(0);
  await page.getByTestId('gift-use').click();
  await page.getByRole('dialog').getByRole('button', { name: 'استفاده از کیسه تخفیف' }).click();

  await expect(page.getByTestId('bill-gift')).toHaveText('− ۵۰۰٬۰۰۰ ریال');
  expect(total).toBeGreaterThan(500_000);
  await expect.poll(async () => rialOf(await page.getByTestId('bill-payable').innerText())).toBe(total - 500_000);
  await expect(page.getByTestId('gift-release')).toBeVisible();
  await expect(page.getByTestId('checkout-problem')).toHaveCount(0);

  await page.getByTestId('wallet-skip').click();
  await page.getByRole('radio', { name: 'پرداخت نقدی هنگام تحویل' }).check();
  await page.getByTestId('place-order').click();
  await page.getByRole('dialog').getByRole('button', { name: 'ثبت سفارش' }).click();
  await expect(page.getByRole('heading', { name: 'از سفارش شما متشکریم' })).toBeVisible();
  const orderId = Number(/successful-payment\/(\d+)/.exec(page.url())![1]);

  await page.goto(`./archive-orders/detail/${orderId}`);
  await expect(page.getByTestId('invoice-gift')).toContainText('۵۰۰٬۰۰۰ ریال');
  await expect.poll(async () => rialOf(await page.getByTestId('invoice-payable').innerText())).toBe(total - 500_000);
});
