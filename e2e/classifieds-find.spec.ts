import { expect, test } from './fixtures';
import { codeFromOutbox } from './shop-session';
import { shopUrl } from './shops';

const home = `${shopUrl('realestate')}home-4`;

// One scenario for the classifieds' finding side (issue 31), against the real server and the seeded demo.
test('Scenario: a visitor filters the ads (Persian digits), switches to the map, opens an ad, logs in, bookmarks it, finds it under bookmarks, then opens the classifieds\' own pages from their menu (commercial property, rules, privacy, about, support, chats; rules in English too)', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(home);
  const list = page.getByTestId('ad-list');
  await expect(list.locator('article').first()).toBeVisible();

  // The sheet: rent, with a meterage typed in Persian digits; an inverted range is refused by name first.
  await page.getByTestId('open-filters').click();
  const sheet = page.getByTestId('filter-sheet');
  await expect(sheet.getByText(/^اجاره \([۰-۹]+\)$/)).toBeVisible();
  await sheet.getByText(/^اجاره \(/).click();
  await page.getByTestId('range-meterage-min').fill('۲۰۰');
  await page.getByTestId('range-meterage-max').fill('۶۰');
  await page.getByTestId('filter-apply').click();
  await expect(page.getByTestId('range-meterage-problem')).toHaveText('حداقل از حداکثر بیشتر است');
  await page.getByTestId('range-meterage-min').fill('۶۰');
  await page.getByTestId('range-meterage-max').fill('۲۰۰');
  await page.getByTestId('filter-apply').click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/request=rent&meterage_min=60&meterage_max=200/);

  // Every card shown is a rent within the range, in Persian digits; a reload keeps the filters.
  await page.reload();
  const cards = page.getByTestId('ad-list').locator('article');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByTestId('load-failure')).toHaveCount(0);
  for (const card of await cards.all()) {
    await expect(card.getByText('اجاره', { exact: true })).toBeVisible();
    await expect(card.getByTestId('ad-rent')).toContainText(/[۰-۹]/);
  }

  // The map: the same filters' ads in its bounds; a point opens the ad's card, which opens the ad.
  await page.getByTestId('view-map').click();
  await expect(page.getByTestId('ads-map')).toBeVisible();
  await expect(page.getByTestId('map-total')).toContainText(/[۰-۹]+ آگهی در این محدوده/);
  const point = page.locator('[data-testid^="map-point-"]').first();
  await point.click();
  const mapCard = page.getByTestId('map-ad-card');
  await expect(mapCard).toBeVisible();
  const title = (await mapCard.getByTestId('map-ad-link').textContent()) ?? '';
  expect(title).toMatch(/^اجاره /);
  await mapCard.getByTestId('map-ad-link').click();

  // The detail: title, labels, the approximate point; a guest's bookmark asks to log in, and comes back here.
  await expect(page.getByTestId('ad-title')).toHaveText(title);
  const detailUrl = page.url();
  await expect(page.getByTestId('ad-label-code')).toBeVisible();
  await expect(page.getByText('موقعیت تقریبی')).toBeVisible();
  await expect(page.getByTestId('ad-map')).toBeVisible();
  await page.getByTestId('bookmark-toggle').click();
  await expect(page).toHaveURL(/\/authentication\/login$/);
  const phone = '09351237031';
  await page.getByLabel('شماره موبایل').fill('۰۹۳۵۱۲۳۷۰۳۱');
  await page.getByLabel('شماره موبایل').press('Enter');
  await expect(page).toHaveURL(/\/authentication\/verify$/);
  await page.getByLabel('کد تایید').fill(await codeFromOutbox(request, phone));
  await page.getByLabel('کد تایید').press('Enter');
  await expect(page).toHaveURL(/\/authentication\/register$/);
  await page.getByLabel('نام و نام خانوادگی').fill('پرستو امینی');
  await page.getByRole('button', { name: 'ثبت‌نام' }).click();
  await expect(page).toHaveURL(detailUrl);

  // The bookmark the guest asked for is made after the login, without a second tap.
  const bookmark = page.getByTestId('bookmark-toggle');
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('bookmark-refusal')).toHaveCount(0);

  // Under bookmarks, once.
  await page.goto(`${home}/tejari/profile/bookmark-ads`);
  const bookmarked = page.getByTestId('bookmark-list').locator('article');
  await expect(bookmarked).toHaveCount(1);
  await expect(bookmarked.getByTestId('ad-link')).toHaveText(title);

  // The classifieds' menu (/home-4/tejari) reaches its own pages, each real, in fa (the chat with a publisher is
  // e2e/ad-publishing.spec.ts's journey).
  await page.goto(`${home}/tejari`);
  const menu = page.getByTestId('classifieds-menu-page');
  await menu.getByRole('link', { name: 'املاک تجاری' }).click();
  const offices = page.getByTestId('commercial-office');
  await expect(offices.getByTestId('commercial-count')).toHaveText(/^[۱-۹][۰-۹]* آگهی$/);
  const officeCount = ((await offices.getByTestId('commercial-count').textContent()) ?? '').split(' ')[0];
  await offices.click();
  await expect(page).toHaveURL(/\/home-4\?type=office$/);
  await expect(page.getByTestId('ad-total')).toHaveText(`${officeCount} آگهی`);
  await page.getByTestId('classifieds-menu').click();
  await menu.getByRole('link', { name: 'قوانین ثبت آگهی' }).click();
  await expect(page.getByTestId('classifieds-rules-page')).toContainText('در هر روز حداکثر ۱۰ آگهی');
  await page.goBack();
  await menu.getByRole('link', { name: 'حریم خصوصی' }).click();
  await expect(page.getByTestId('classifieds-privacy-page')).toContainText('۱۵۰ تا ۴۰۰ متر');
  await page.goBack();
  await menu.getByRole('link', { name: 'درباره ما' }).click();
  await expect(page).toHaveURL(/\/home-4\/about-us$/);
  await expect(page.getByTestId('about-page').getByRole('heading', { level: 1 })).toContainText('درباره');
  await page.goBack();
  await menu.getByRole('link', { name: 'پشتیبانی' }).click();
  await expect(page).toHaveURL(/\/home-4\/support$/);
  await expect(page.getByTestId('support-composer')).toBeVisible();
  await page.goBack();
  await menu.getByRole('link', { name: 'گفتگوهای من' }).click();
  await expect(page.getByTestId('ad-chats-page')).toBeVisible();
  // In English too: the rules in the other language, its digits Western.
  await page.evaluate(() => localStorage.setItem('storefront.language', 'en'));
  await page.goto(`${home}/roles`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rules of publishing' })).toBeVisible();
  await expect(page.getByTestId('classifieds-rules-page')).toContainText('at most 10 ads a day');
  await expect(page.getByText('Coming soon')).toHaveCount(0);
});
