import { expect, test } from './fixtures';
import { shopUrl } from './shops';
import { codeFromOutbox, shareCookies, shopApi } from './shop-session';

// Issue 28, item 6: a reply in a conversation with the shop reached no one (the console has no
// conversations yet). Until it does, the customer is told so and nothing pretends to be sent.

test('Scenario: the grocery demo customer replies in its conversation with the shop: the page says the reply does not reach the shop, and shows no sent message', async ({ page }) => {
  const phone = '09129990001';
  const api = shopApi(page, 'grocery');
  await api.call('login', { phone_number: phone });
  await api.call('check_verify_code', { verify_code: await codeFromOutbox(page.request, phone) });
  await shareCookies(page.context(), 'grocery');

  await page.goto(`${shopUrl('grocery')}messages`);
  await page.getByTestId('tab-conversations').click();
  await page.getByTestId('conversation-list').getByRole('button').filter({ hasText: 'پیگیری سفارش' }).click();
  const log = page.getByTestId('conversation-messages');
  await expect(log).toContainText('بله، تا ۷ روز پس از خرید با فاکتور امکان تعویض هست.');

  await page.getByTestId('conversation-text').fill('ممنون، فاکتور را دارم');
  await page.getByTestId('conversation-send').click();
  await expect(page.getByTestId('conversation-error')).toHaveText('پاسخ در این گفتگو هنوز به فروشگاه نمی‌رسد. برای نوشتن به فروشگاه از «پشتیبانی» استفاده کنید.');
  await expect(log).not.toContainText('ممنون، فاکتور را دارم');
  // The text stays in the box: nothing was taken from the customer.
  await expect(page.getByTestId('conversation-text')).toHaveValue('ممنون، فاکتور را دارم');
});
