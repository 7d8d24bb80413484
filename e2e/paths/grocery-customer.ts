import { expect, type Page } from '@playwright/test';
import { shopApi } from '../shop-session';

const RICE = 'برنج هاشمی ۱۰ کیلویی';

/**
 * A new grocery customer of one path alone (the SMS limits allow no second login of a phone soon
 * after), registered through the API, with one line of rice in the cart and the checkout begun.
 */
export async function checkoutAsNewCustomer(page: Page, phone: string, name: string): Promise<void> {
  const api = shopApi(page, 'grocery');
  await api.register(phone, name);
  const list = await api.call<{ items: { item_id: number; name: string }[] }>('get_list_item', { name: RICE });
  const rice = list.items.find((item) => item.name === RICE);
  expect(rice, `seeded item ${RICE}`).toBeTruthy();
  await api.call('cart_controller', { item_id: rice!.item_id, count: 1 });
  await page.goto('./cart');
  await page.getByTestId('cart-checkout').click();
}

/** The address form, opened from the list if the person is not on it yet. */
export async function onAddressForm(page: Page): Promise<void> {
  if (!/\/cart\/address\/(add|edit)/.test(page.url())) await page.getByTestId('address-add').click();
  await expect(page.getByTestId('address-save')).toBeVisible();
}

/** On the address form with its point placed: names it «خانه من», saves it, and goes on with it, chosen on the list. */
export async function saveHomeAddress(page: Page): Promise<void> {
  await page.getByLabel('عنوان (خانه، محل کار…)').fill('خانه من');
  await page.getByLabel('آدرس دقیق').fill('شهرک غرب، خیابان ایران‌زمین، پلاک ۱۲');
  await page.getByTestId('address-save').click();
  await expect(page).toHaveURL(/\/cart\/address$/);
  await expect(page.getByRole('radio', { name: /خانه من/ })).toBeChecked();
  await page.getByTestId('address-continue').click();
}
