import sharp from 'sharp';
import { expect, test } from './fixtures';
import { consoleApi, consoleLogIn, shopApi } from './shop-session';
import { shopUrl } from './shops';

// Issue 31, the publishing side: the real-estate demo (interface 4).
const SLUG = 'realestate';

const photo = (background: string) => sharp({ create: { width: 640, height: 480, channels: 3, background } }).jpeg().toBuffer();

// Issue 31's whole journey in one scenario: publish with two pictures → the console approves → the filtered list and
// the map show it → another customer bookmarks it and starts a chat → the publisher answers from /home-4/chat and the
// customer sees it without a reload; a rejected ad shows its reason under my ads; an edit of a published ad goes back to review.
test('Scenario: a customer publishes a sale with two pictures (the draft survives a reload); the console approves it; it is in the filtered list and on the map; another customer bookmarks it and chats, the publisher answers from /home-4/chat and it arrives live; a rejected ad shows its reason; an edit goes back to review', async ({ browser, page }) => {
  // Unique per run and without digits (the screens show digits in Persian, whatever was typed).
  const tag = [...String(Date.now() % 100000)].map((digit) => 'ابپتثجچحخد'[Number(digit)]).join('');
  const title = `آپارتمان نوساز ونک ${tag}`;
  await page.setViewportSize({ width: 390, height: 844 });
  const publisher = shopApi(page, SLUG);
  await publisher.register('09121231331', 'سارا احمدی');

  // The wizard: request and type are pressed buttons; the fields say what is missing under each.
  await page.goto(`${shopUrl(SLUG)}home-4/new`);
  await page.getByRole('button', { name: 'فروش' }).click();
  await page.getByRole('button', { name: 'آپارتمان' }).click();
  await page.getByTestId('wizard-next').click();
  await expect(page.getByText('پر کردن این کادر الزامی است').first()).toBeVisible();
  await page.getByLabel('عنوان').fill(title);
  await page.getByLabel('استان').fill('تهران');
  await page.getByLabel('شهر').fill('تهران');
  await page.getByLabel('محله').fill('ونک');
  await page.getByLabel('متراژ (متر مربع)').fill('۸۵');
  await page.getByLabel('قیمت کل (ریال)').fill('۱۲۰۰۰۰۰۰۰۰۰');
  await expect(page.getByText('پر کردن این کادر الزامی است')).toHaveCount(0);
  await page.getByTestId('wizard-next').click();

  // Pictures: one sent, then a reload mid-way: the draft brings the step, the fields and the picture back.
  await page.getByTestId('picture-input').setInputFiles({ name: 'hall.jpg', mimeType: 'image/jpeg', buffer: await photo('#2e86c1') });
  await expect(page.getByTestId('picture-item')).toHaveCount(1);
  await page.reload();
  await expect(page.getByTestId('wizard-pictures')).toBeVisible();
  await expect(page.getByTestId('picture-item')).toHaveCount(1);
  await page.getByTestId('picture-input').setInputFiles({ name: 'kitchen.jpg', mimeType: 'image/jpeg', buffer: await photo('#d35400') });
  await expect(page.getByTestId('picture-item')).toHaveCount(2);
  await expect(page.getByTestId('picture-item').first().getByText('کاور')).toBeVisible();
  await page.getByTestId('wizard-next').click();

  // The point, typed from the keyboard (the map works without tiles; a tap does the same).
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('location-problem')).toHaveText('پر کردن این کادر الزامی است');
  await page.getByTestId('field-lat').fill('35.757');
  await page.getByTestId('field-lng').fill('51.41');
  await page.getByTestId('wizard-next').click();
  const review = page.getByTestId('wizard-review');
  await expect(review.getByText(title)).toBeVisible();
  await expect(review.getByText('۱۲٬۰۰۰٬۰۰۰٬۰۰۰')).toBeVisible();
  await page.getByTestId('wizard-submit').click();

  // My ads: the ad once, awaiting confirmation, with the actions its publisher has (edit, delete; not close).
  await expect(page).toHaveURL(/home-4\/tejari\/profile\/my-ads$/);
  const mine = page.getByTestId('my-ad').filter({ hasText: title });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('my-ad-status')).toHaveText('در انتظار تأیید');
  await expect(mine.getByTestId('my-ad-edit')).toBeVisible();
  await expect(mine.getByTestId('my-ad-close')).toHaveCount(0);

  // The console approves it from its queue: my ads shows it approved without a reload, with a toast.
  const staff = await consoleLogIn(browser, SLUG);
  await staff.getByRole('link', { name: 'بررسی آگهی‌ها' }).click();
  const queued = staff.getByTestId('queued-ad').filter({ has: staff.getByRole('heading', { name: title }) });
  await expect(queued).toHaveCount(1);
  await expect(queued.locator('img')).toHaveCount(2);
  const adId = Number(await queued.getAttribute('data-ad-id'));
  await queued.getByTestId('moderation-approve').click();
  await expect(staff.getByTestId('moderation-decided')).toContainText(title);
  await expect(mine.getByTestId('my-ad-status')).toHaveText('تأیید شده');
  await expect(page.getByText(`آگهی «${title}» تأیید و منتشر شد.`)).toBeVisible();
  await expect(mine.getByTestId('my-ad-close')).toBeVisible();

  // Another customer finds it in the filtered list (newest first, its cover shown) and on the map.
  const buyerPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const buyer = shopApi(buyerPage, SLUG);
  await buyer.register('09121231332', 'کاوه مرادی');
  await buyerPage.goto(`${shopUrl(SLUG)}home-4?request=sale&type=apartment&neighborhood=${encodeURIComponent('ونک')}&meterage_min=85&meterage_max=85`);
  const card = buyerPage.getByTestId(`ad-card-${adId}`);
  await expect(card.getByTestId('ad-link')).toHaveText(title);
  await expect(card.locator('img')).toHaveCount(1);
  await expect(buyerPage.getByTestId('load-failure')).toHaveCount(0);
  await buyerPage.getByTestId('view-map').click();
  await buyerPage.getByTestId(`map-point-${adId}`).click();
  await expect(buyerPage.getByTestId('map-ad-card').getByTestId('map-ad-link')).toHaveText(title);
  await buyerPage.getByTestId('map-ad-card').getByTestId('map-ad-link').click();

  // The detail: bookmarked, then a chat with the publisher is started.
  await expect(buyerPage.getByTestId('ad-title')).toHaveText(title);
  const bookmark = buyerPage.getByTestId('bookmark-toggle');
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await expect(buyerPage.getByTestId('bookmark-refusal')).toHaveCount(0);
  // The publisher has no chat yet; their list is open while the buyer writes.
  await page.goto(`${shopUrl(SLUG)}home-4/chat`);
  await expect(page.getByText('هنوز گفتگویی ندارید')).toBeVisible();
  await buyerPage.getByTestId('ad-contact').click();
  await expect(buyerPage).toHaveURL(/\/home-4\/chat\/\d+$/);
  const conversationId = Number(/chat\/(\d+)$/.exec(buyerPage.url())![1]);
  await buyerPage.getByTestId('conversation-text').fill('سلام، هنوز فروخته نشده؟');
  await buyerPage.getByTestId('conversation-send').click();
  await expect(buyerPage.getByTestId('conversation-messages').getByText('سلام، هنوز فروخته نشده؟')).toHaveCount(1);

  // The publisher's chats show it without a reload, titled with the ad, one unread; the answer reaches the buyer live.
  const chat = page.getByTestId(`conversation-${conversationId}`);
  await expect(chat).toContainText(title);
  await expect(chat.getByTestId('conversation-unread')).toHaveText('۱');
  await chat.click();
  await expect(page).toHaveURL(new RegExp(`home-4/chat/${conversationId}$`));
  await expect(page.getByTestId('conversation-messages').getByText('سلام، هنوز فروخته نشده؟')).toHaveCount(1);
  await page.getByTestId('conversation-text').fill('سلام، خیر؛ فردا ساعت ۱۰ برای بازدید تشریف بیاورید.');
  await page.getByTestId('conversation-send').click();
  await expect(page.getByTestId('conversation-error')).toHaveCount(0);
  await expect(buyerPage.getByTestId('conversation-messages').getByText('سلام، خیر؛ فردا ساعت ۱۰ برای بازدید تشریف بیاورید.')).toHaveCount(1);
  await expect(buyerPage.getByTestId('conversation-error')).toHaveCount(0);
  await buyerPage.context().close();

  // A second ad of the publisher is rejected with a reason: my ads shows the status and the reason, live.
  await page.goto(`${shopUrl(SLUG)}home-4/tejari/profile/my-ads`);
  const rejectedTitle = `زمین کردان ${tag}`;
  const second = await publisher.call<{ id: number }>('create_new_ty_ad', {
    ad_object: JSON.stringify({ request: 'sale', type: 'land', title: rejectedTitle, province: 'البرز', city: 'کرج', neighborhood: 'کردان', meterage: 500, total_price: 9_000_000_000, picture_ids: [], location: { lat: 35.95, lng: 50.72 } }),
  });
  const reason = 'عکس و سند ملک پیوست نشده است';
  expect((await consoleApi(staff, 'ad_moderate', { ad_id: String(second.id), action: 'reject', reason })).result).toBe('ok');
  const rejected = page.getByTestId('my-ad').filter({ hasText: rejectedTitle });
  await expect(rejected.getByTestId('my-ad-status')).toHaveText('رد شده');
  await expect(rejected.getByTestId('my-ad-reason')).toContainText(reason);

  // An edit of the published ad goes back to review.
  await mine.getByTestId('my-ad-edit').click();
  await expect(page).toHaveURL(new RegExp(`home-4/edit/${adId}$`));
  await expect(page.getByLabel('عنوان')).toHaveValue(title);
  await page.getByLabel('توضیحات').fill('نورگیر، با پارکینگ و انباری');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('picture-item')).toHaveCount(2);
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-submit').click();
  await expect(page).toHaveURL(/home-4\/tejari\/profile\/my-ads$/);
  await expect(mine.getByTestId('my-ad-status')).toHaveText('در انتظار تأیید');

  // The draft was cleared by the submit: a new ad starts at the first step.
  await page.goto(`${shopUrl(SLUG)}home-4/new`);
  await expect(page.getByTestId('wizard-request')).toBeVisible();
});
