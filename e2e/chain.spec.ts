import { expect, test } from './fixtures';
import { shopUrl } from './shops';
import { shareCookies, shopApi } from './shop-session';

// Issue 28, item 6 (chain): a customer belongs to the brand. "My orders" at one branch shows the
// order placed at another, with that branch's name; on a phone the header says which branch this is.

interface ListedItem {
  item_id: number;
  name: string;
}

test.use({ viewport: { width: 390, height: 844 } });

test('Scenario: ordered at Tehran, the customer at Isfahan sees that order under my orders, named Tehran; the header shows the whole branch name', async ({ page }) => {
  const tehran = shopApi(page, 'chain-tehran');
  await tehran.register('09391130001', 'آرش نیکو');
  const list = await tehran.call<{ items: ListedItem[] }>('get_list_item', { name: 'لیموناد' });
  const lemonade = list.items.find((item) => item.name === 'لیموناد');
  expect(lemonade).toBeTruthy();
  const cart = await tehran.call<{ order: { id: number } }>('cart_controller', { item_id: lemonade!.item_id, count: 2 });
  await tehran.call('update_address_order', { order_id: cart.order.id, delivery_method: 1, address_id: 0 });
  // A pre-order for tomorrow at 13:00 in Tehran: the branch keeps opening hours, and the test may run at night.
  const tomorrow = new Date(Date.now() + (3.5 + 24) * 3_600_000).toISOString().slice(0, 10);
  const placed = await tehran.call<{ status: number }>('final_order', { order_id: cart.order.id, payment: 'cash', preordertime: `${tomorrow} 13:00`, idempotency_key: `chain-e2e-${cart.order.id}` });
  expect(placed.status).toBe(3);
  // The same session at the brand's other branch (one customer of the brand).
  await shareCookies(page.context(), 'chain-isfahan');

  await page.goto(`${shopUrl('chain-isfahan')}archive-orders`);
  const card = page.getByTestId('order-card');
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-order-id', String(cart.order.id));
  await expect(card.getByTestId('order-branch')).toHaveText('شعبه: برگر زنجیره‌ای آتش - شعبه تهران');

  // At 390 px the header's name is not cut: "شعبه اصفهان" is there to read.
  const name = page.getByTestId('header-shop-name');
  await expect(name).toHaveText('برگر زنجیره‌ای آتش - شعبه اصفهان');
  const clipped = await name.evaluate((element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
  expect(clipped).toBe(false);
  await expect(page.getByTestId('change-branch')).toBeVisible();
});

test.describe('at the brand\'s own address, located near Isfahan', () => {
  test.use({ geolocation: { latitude: 32.655, longitude: 51.667 }, permissions: ['geolocation'] });

  test('Scenario: the branch page keeps the given position: no bottom bar leads to a fresh branch page that asks again', async ({ page }) => {
    await page.goto(`${shopUrl('chain')}branch`);
    await page.getByTestId('position-locate').click();
    await expect(page.getByTestId('position-summary')).toContainText('اصفهان');
    // Every destination of the bar (home, categories, cart, profile) is redirected here at a master shop.
    await expect(page.getByRole('navigation', { name: 'ناوبری اصلی' })).toHaveCount(0);
    await expect(page.getByTestId('position-summary')).toContainText('اصفهان');
    await expect(page.getByTestId('position-prompt')).toHaveCount(0);
  });
});
