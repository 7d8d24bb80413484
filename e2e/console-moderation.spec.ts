import { expect, test } from './fixtures';
import { consoleLogIn, shopApi } from './shop-session';

// The real-estate demo shop (interface 4): its console offers the ads' moderation queue.
const SLUG = 'realestate';

const ad = (title: string) => ({
  request: 'rent',
  type: 'apartment',
  title,
  province: 'تهران',
  city: 'تهران',
  neighborhood: 'یوسف‌آباد',
  meterage: '۹۰',
  rooms: 2,
  deposit: 2_000_000_000,
  monthly_rent: '۳۵۰۰۰۰۰۰۰',
  comment: 'طبقه سوم، آسانسور و پارکینگ',
  picture_ids: [],
  location: { lat: 35.7335, lng: 51.4108 },
});

test("Scenario: a customer's new ad appears in the console's queue without a reload; staff ask for an edit with a reason, and it leaves the queue for the 'edit requested' list with that reason", async ({ browser, page }) => {
  const staff = await consoleLogIn(browser, SLUG);
  // The navigation counts the ads waiting, in Persian digits, and follows each one queued or decided.
  const badge = staff.getByTestId('ads-queued-badge');
  await expect(badge).toHaveText(/^[۰-۹]+$/);
  const waiting = Number((await badge.textContent())!.replace(/[۰-۹]/g, (digit) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(digit))));
  const counted = (count: number) => count.toLocaleString('fa-IR', { useGrouping: false });
  // A classifieds shop sells nothing through a cart: no orders, catalog or discount codes to offer; it opens on the ads
  // to review, the screen it lives on.
  await expect(staff.getByRole('link', { name: 'کالاها' })).toHaveCount(0);
  await expect(staff.getByRole('link', { name: 'کدهای تخفیف' })).toHaveCount(0);
  await expect(staff.getByRole('link', { name: 'سفارش‌ها' })).toHaveCount(0);
  const screen = staff.getByTestId('moderation-screen');
  await expect(staff).toHaveURL(/\/order\/console\/ads$/);
  await expect(screen.getByRole('heading', { name: 'بررسی آگهی‌ها' })).toBeVisible();
  await expect(screen.getByTestId('moderation-total')).toBeVisible();

  // The customer submits an ad (the wizard is the storefront's; here through its code).
  const api = shopApi(page, SLUG);
  await api.register('09391115001', 'مهسا رضایی');
  const title = `آپارتمان ۹۰ متری یوسف‌آباد ${(Date.now() % 10_000).toLocaleString('fa-IR', { useGrouping: false })}`;
  const created = await api.call<{ id: number; status: string }>('create_new_ty_ad', { ad_object: JSON.stringify(ad(title)) });
  expect(created.status).toBe('awaiting');

  // It arrives in the open queue through the staff live channel, once.
  const card = screen.locator(`[data-testid="queued-ad"][data-ad-id="${created.id}"]`);
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: title })).toBeVisible();
  await expect(card.getByTestId('queued-ad-status')).toHaveText('در انتظار تأیید');
  await expect(badge).toHaveText(counted(waiting + 1));
  await expect(card).toContainText('مهسا رضایی');
  await expect(card).toContainText('۹۰ متر');

  // A too-short reason is refused on its field; a real one sends the ad back to its publisher.
  await card.getByTestId('moderation-ask-edit').click();
  await card.getByTestId('moderation-reason').fill('ab');
  await card.getByTestId('moderation-send').click();
  await expect(card.getByText('دست‌کم ۳ نویسه.')).toBeVisible();
  await card.getByTestId('moderation-reason').fill('لطفاً عکس‌های واقعی ملک را اضافه کنید');
  await card.getByTestId('moderation-send').click();
  await expect(screen.getByTestId('moderation-decided')).toContainText(title);
  await expect(card).toHaveCount(0);
  await expect(screen.getByRole('alert')).toHaveCount(0);
  await expect(badge).toHaveText(counted(waiting));

  // The demo's own ads wait too (each card offers «درخواست اصلاح…»): the filter is the button named exactly so.
  await screen.getByRole('button', { name: 'درخواست اصلاح', exact: true }).click();
  const sentBack = screen.locator(`[data-testid="queued-ad"][data-ad-id="${created.id}"]`);
  await expect(sentBack).toHaveCount(1);
  await expect(sentBack).toContainText('لطفاً عکس‌های واقعی ملک را اضافه کنید');
  await expect(sentBack.getByTestId('moderation-approve')).toHaveCount(0);
  // The publisher sees the reason on the ad (their own view of it).
  const mine = await api.call<{ status: string; reason: string | null; actions: string[] }>('get_ad_ty', { id: created.id });
  expect(mine).toMatchObject({ status: 'edit_request', reason: 'لطفاً عکس‌های واقعی ملک را اضافه کنید' });
  expect(mine.actions).toContain('edit');
});
