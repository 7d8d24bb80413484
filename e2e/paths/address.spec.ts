import { test } from '../fixtures';
import { shopUrl } from '../shops';
import { assertMapped, choosePaths, describePath } from './chart-model';
import { addressMap } from './address-map';
import { drive } from './drive';
import { checkoutAsNewCustomer } from './grocery-customer';

// A state or event of the chart with no mapping fails the run here, by name.
assertMapped(addressMap as never);
const { shortest, simple } = choosePaths(addressMap as never);

test.describe('address chart paths at the grocery', () => {
  test.use({ baseURL: shopUrl('grocery') });

  const paths = [...shortest.map((path) => ['shortest', path] as const), ...simple.map((path) => ['simple', path] as const)];
  for (const [index, [kind, path]] of paths.entries()) {
    test(`${kind}: ${describePath(path)}`, async ({ page }) => {
      // A new customer of this path alone with one line in the cart, on the checkout's address step (courier).
      const phone = `0935730${String(index).padStart(4, '0')}`;
      await checkoutAsNewCustomer(page, phone, 'مشتری نشانی');
      await page.getByRole('radio', { name: /ارسال با پیک/ }).check();
      await page.getByTestId('delivery-continue').click();
      await drive(page, addressMap, path, { phone });
    });
  }
});
