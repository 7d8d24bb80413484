import { expect, test } from './fixtures';
import { shopApi } from './shop-session';
import { shopUrl } from './shops';

// Issue 12, branches: the chain shop (a master) sends every route to its branch page; the visitor's
// position orders the branches; choosing one opens its home at the same host, with the same login.

const NEAR_ISFAHAN = { latitude: 32.657, longitude: 51.67 };

test.describe('the chain shop', () => {
  test.use({ baseURL: shopUrl('chain') });

  test.describe('with the position allowed near Isfahan', () => {
    test.use({ geolocation: NEAR_ISFAHAN, permissions: ['geolocation'] });

    test('Scenario: Isfahan is first with its distance, the closed branch is last and cannot be chosen; choosing Isfahan opens its home still logged in', async ({ page }) => {
      const api = shopApi(page, 'chain');
      await api.register('09391120001', 'نگار صالحی');
      await page.goto('./');
      await expect(page).toHaveURL(/\/branch$/);
      await expect(page.getByTestId('position-prompt')).toBeVisible();
      // Our explanation has the focus before the browser's prompt.
      await expect(page.getByRole('heading', { name: 'نزدیک‌ترین شعبه را پیدا کنید' })).toBeFocused();
      await page.getByTestId('position-locate').click();

      const cards = page.getByTestId('branch-card');
      await expect(cards).toHaveCount(3);
      expect(await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-slug')))).toEqual(['chain-isfahan', 'chain-tehran', 'chain-shiraz']);
      await expect(cards.nth(0).getByTestId('branch-distance')).toHaveText('۰٫۵ کیلومتر فاصله');
      await expect(cards.nth(1).getByTestId('branch-out-of-range')).toHaveText('به محل شما ارسال ندارد');
      await expect(cards.nth(1).getByTestId('branch-choose')).toBeDisabled();
      await expect(cards.nth(2).getByTestId('branch-closed')).toHaveText('تعطیل');
      await expect(cards.nth(2).getByTestId('branch-choose')).toBeDisabled();

      await cards.nth(0).getByTestId('branch-choose').click();
      await expect(page).toHaveURL(/\/home-2$/);
      await expect(page.getByRole('banner')).toContainText('شعبه اصفهان');
      await expect(page.getByTestId('change-branch')).toBeVisible();
      // The same customer, and the shop every code now answers for is the branch.
      const [user, shop] = await page.evaluate(async () => {
        const ask = async (code: string) => {
          const body = new FormData();
          body.set('code', code);
          return ((await (await fetch('/order/order.php', { method: 'POST', body })).json()) as { data: { name?: string; slug?: string } }).data;
        };
        return [await ask('get_user_detail'), await ask('get_shop')];
      });
      expect(user?.name).toBe('نگار صالحی');
      expect(shop?.slug).toBe('chain-isfahan');
    });
  });

  test('Scenario: with the position refused, the visitor is told and picks a point on the map instead (in English)', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('storefront.language', 'en'));
    await page.context().addCookies([{ name: 'lang', value: 'en', domain: 'chain.localhost', path: '/' }]);
    await page.goto('./branch');
    await page.getByTestId('position-locate').click();
    await expect(page.getByTestId('position-denied')).toHaveText('Location access was refused. Choose your location on the map, or continue without it.');
    await page.getByTestId('position-map').click();
    // The map opens on the first branch (Tehran): a click at its centre picks a point there.
    const map = page.getByTestId('position-pick-map');
    await expect(map).toBeVisible();
    await map.click();
    const cards = page.getByTestId('branch-card');
    await expect(cards.first()).toHaveAttribute('data-slug', 'chain-tehran');
    await expect(cards.first().getByTestId('branch-distance')).toContainText('km away');
    await expect(cards.first().getByTestId('branch-choose')).toBeEnabled();
    await expect(page.getByTestId('position-summary')).toBeVisible();
  });
});

test.describe('the chain shop, map layout', () => {
  test.use({ baseURL: shopUrl('chain'), geolocation: { latitude: 35.7, longitude: 51.4 }, permissions: ['geolocation'] });

  test('Scenario: /branch2 shows the branches on a map above the list, Tehran first near Tehran', async ({ page }) => {
    await page.goto('./branch2');
    await page.getByTestId('position-locate').click();
    await expect(page.getByTestId('branch-map')).toBeVisible();
    await expect(page.getByTestId('branch-card').first()).toHaveAttribute('data-slug', 'chain-tehran');
    await expect(page.getByTestId('branch-card').first().getByTestId('branch-distance')).toHaveText('۱٫۶ کیلومتر فاصله');
  });
});
