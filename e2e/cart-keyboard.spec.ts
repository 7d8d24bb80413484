import { expect, test, type Page } from './fixtures';
import { shopUrl } from './shops';

// Issue 10, defect 6: a count change re-renders the line while the cart machine is busy; the
// button under the keyboard focus must stay focused, so every Enter counts.

/** Adds `name` to the visitor's (guest) cart through the page's own origin and cookies. */
async function addToGuestCart(page: Page, name: string): Promise<void> {
  const added = await page.evaluate(async (wanted) => {
    const post = async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.set(key, value);
      return (await (await fetch('/order/order.php', { method: 'POST', body })).json()) as { status: boolean; data: { items: { item_id: number; name: string }[] } };
    };
    const list = await post({ code: 'get_list_item', name: wanted, pagination: '0' });
    const item = list.data.items.find((entry) => entry.name === wanted);
    if (!item) return false;
    return (await post({ code: 'cart_controller', item_id: String(item.item_id), count: '1' })).status;
  }, name);
  expect(added, `added ${name}`).toBe(true);
}

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 60): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('the control was never reached with Tab');
}

test.describe('the cart by keyboard at the skincare shop', () => {
  test.use({ baseURL: shopUrl('skincare'), viewport: { width: 390, height: 844 } });

  test('Scenario: Tab to «یکی بیشتر», Enter twice: both count and the focus stays on the button; «یکی کمتر» keeps it too', async ({ page }) => {
    await page.goto('./');
    await addToGuestCart(page, 'کرم آبرسان هیالورونیک');
    await page.goto('./basket');
    const count = page.getByTestId('line-count');
    await expect(count).toHaveText('۱');

    const more = page.getByRole('button', { name: /^یکی بیشتر/ });
    await tabTo(page, more);
    await page.keyboard.press('Enter');
    await expect(count).toHaveText('۲');
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(count).toHaveText('۳');
    await expect(more).toBeFocused();

    const less = page.getByRole('button', { name: /^یکی کمتر/ });
    await page.keyboard.press('Tab');
    await expect(less).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(count).toHaveText('۲');
    await expect(less).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(count).toHaveText('۱');
    // At one, «یکی کمتر» refuses (announced as unavailable) but keeps the focus.
    await expect(less).toBeFocused();
    await expect(less).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Enter');
    await expect(count).toHaveText('۱');
  });
});
