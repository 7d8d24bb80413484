import sharp from 'sharp';
import { expect, test } from './fixtures';
import { consoleApi, consoleLogIn, shopApi } from './shop-session';
import { shopUrl } from './shops';

// Issue 31, the publishing side: the real-estate demo (interface 4).
const SLUG = 'realestate';

const photo = (background: string) => sharp({ create: { width: 640, height: 480, channels: 3, background } }).jpeg().toBuffer();

test('Scenario: a customer publishes a sale with two pictures (the draft survives a reload), sees it awaiting in my ads; the console approves it and my ads shows it approved live; an edit sends it back to awaiting', async ({ browser, page }) => {
  const title = `آپارتمان ${Date.now() % 100000} متری نوساز`;
  await page.setViewportSize({ width: 390, height: 844 });
  await shopApi(page, SLUG).register('09121231331', 'سارا احمدی');

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
  // The draft was cleared: a new ad starts at the first step.

  // The console approves it: my ads shows it approved without a reload, with a toast.
  const staff = await consoleLogIn(browser, SLUG);
  const queue = await consoleApi<{ ads: { ad: { id: number; title: string } }[] }>(staff, 'ads_queue', { status: 'awaiting', length: '50' });
  expect(queue.result).toBe('ok');
  const queued = queue.data.ads.find(({ ad }) => ad.title === title)?.ad;
  expect(queued).toBeDefined();
  expect((await consoleApi(staff, 'ad_moderate', { ad_id: String(queued!.id), action: 'approve', reason: '' })).result).toBe('ok');
  await expect(mine.getByTestId('my-ad-status')).toHaveText('تأیید شده');
  await expect(page.getByText(`آگهی «${title}» تأیید و منتشر شد.`)).toBeVisible();
  await expect(mine.getByTestId('my-ad-close')).toBeVisible();

  // An edit of the published ad goes back to review.
  await mine.getByTestId('my-ad-edit').click();
  await expect(page).toHaveURL(new RegExp(`home-4/edit/${queued!.id}$`));
  await expect(page.getByLabel('عنوان')).toHaveValue(title);
  await page.getByLabel('توضیحات').fill('نورگیر، با پارکینگ و انباری');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('picture-item')).toHaveCount(2);
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-submit').click();
  await expect(page).toHaveURL(/home-4\/tejari\/profile\/my-ads$/);
  await expect(mine.getByTestId('my-ad-status')).toHaveText('در انتظار تأیید');

  await page.goto(`${shopUrl(SLUG)}home-4/new`);
  await expect(page.getByTestId('wizard-request')).toBeVisible();
});
