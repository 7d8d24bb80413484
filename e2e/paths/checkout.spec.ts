import { test } from '../fixtures';
import { shopUrl } from '../shops';
import { assertMapped, choosePaths, describePath } from './chart-model';
import { checkoutMap } from './checkout-map';
import { drive } from './drive';
import { checkoutAsNewCustomer } from './grocery-customer';

// A state or event of the chart with no mapping fails the run here, by name.
assertMapped(checkoutMap as never);
const { shortest, simple } = choosePaths(checkoutMap as never);

test.describe('checkout chart paths at the grocery', () => {
  test.use({ baseURL: shopUrl('grocery') });

  const paths = [...shortest.map((path) => ['shortest', path] as const), ...simple.map((path) => ['simple', path] as const)];
  for (const [index, [kind, path]] of paths.entries()) {
    test(`${kind}: ${describePath(path)}`, async ({ page }) => {
      // A new customer of this path alone, logged in through the API, with one line in the cart.
      const phone = `0935710${String(index).padStart(4, '0')}`;
      await checkoutAsNewCustomer(page, phone, 'مشتری مسیر');
      await drive(page, checkoutMap, path, { phone });
    });
  }
});
