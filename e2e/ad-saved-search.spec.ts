import { expect, test } from './fixtures';
import { consoleApi, consoleLogIn } from './shop-session';
import { shopApi } from './shop-session';
import { shopUrl } from './shops';

// Issue 31, "beyond Divar's web": a saved search tells its customer live of a new ad matching it.
const SLUG = 'realestate';

interface QueuedAd {
  ad: { id: number; title: string; request: string; type: string; neighborhood: string; meterage: number };
}

test('Scenario: a customer saves a search; the console approves a waiting demo ad matching it; the customer is told once, live, and opens the ad from the notice; the profile lists the search and removes it', async ({ browser, page }) => {
  // The search: exactly the oldest waiting demo ad's request, type, neighborhood and meterage.
  const staff = await consoleLogIn(browser, SLUG);
  const queue = await consoleApi<{ ads: QueuedAd[] }>(staff, 'ads_queue', { status: 'awaiting', length: '50' });
  const waiting = queue.data.ads.sort((a, b) => a.ad.id - b.ad.id)[0]?.ad;
  if (!waiting) throw new Error('the demo has no waiting ad');
  const query = new URLSearchParams({ request: waiting.request, type: waiting.type, neighborhood: waiting.neighborhood, meterage_min: String(waiting.meterage), meterage_max: String(waiting.meterage) });
  const finder = `${shopUrl(SLUG)}home-4?${query}`;

  // A visitor is asked to log in first.
  await page.goto(finder);
  await page.getByTestId('save-search').click();
  await expect(page).toHaveURL(/\/authentication\//);

  await shopApi(page, SLUG).register('09391117001', 'نگار جستجوگر');
  await page.goto(finder);
  await page.getByTestId('save-search').click();
  await page.getByTestId('search-name').fill('خانه دلخواه');
  await page.getByTestId('save-search-confirm').click();
  await expect(page.getByTestId('search-saved')).toContainText('«خانه دلخواه»');

  // The console approves it, through its queue's button.
  await staff.getByRole('link', { name: 'بررسی آگهی‌ها' }).click();
  const card = staff.locator(`[data-testid="queued-ad"][data-ad-id="${waiting.id}"]`);
  await card.getByTestId('moderation-approve').click();
  await expect(card).toHaveCount(0);

  // The customer, still on the list, is told without a reload, once.
  const notice = page.getByTestId('toast').filter({ hasText: 'آگهی تازه برای جستجوی «خانه دلخواه»' });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(waiting.title);
  await notice.getByTestId('notice-link').click();
  await expect(page).toHaveURL(new RegExp(`/home-4/detail/${waiting.id}$`));
  await expect(page.getByTestId('ad-title')).toHaveText(waiting.title);
  await expect(page.getByTestId('toast')).toHaveCount(0);

  // The profile lists the search: it opens the list with its filters, and is removed there.
  await page.goto(`${shopUrl(SLUG)}home-4/tejari/profile`);
  const saved = page.getByTestId('saved-search');
  await expect(saved).toHaveCount(1);
  await saved.getByTestId('saved-search-open').click();
  await expect(page).toHaveURL((url) => url.pathname.endsWith('/home-4') && url.searchParams.get('neighborhood') === waiting.neighborhood && url.searchParams.get('meterage_min') === String(waiting.meterage));
  await expect(page.getByTestId(`ad-card-${waiting.id}`)).toHaveCount(1);
  await page.goBack();
  await page.getByTestId('saved-search-remove').click();
  await expect(saved).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
