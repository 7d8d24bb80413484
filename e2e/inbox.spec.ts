import { expect, test, type Browser } from './fixtures';
import sharp from 'sharp';
import { persianDigit, shopUrl } from './shops';
import { consoleLogIn, shopApi } from './shop-session';

/** A new signed-in customer of the kebab shop in a browser context of their own. */
async function customerPage(browser: Browser, phone: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await shopApi(page, 'kebab').register(phone, name);
  return { context, page };
}

test("Scenario: a customer writes to support with text and a picture; the operator sees the unread chat in the console, reads it and replies; the customer gets the reply live", async ({ browser }) => {
  const name = 'نگار رضایی';
  const customer = await customerPage(browser, '09351112233', name);
  const shopper = customer.page;

  // The customer: a text, then a JPEG made here, to the support chat.
  await shopper.goto(`${shopUrl('kebab')}support`);
  const log = shopper.getByTestId('support-messages');
  await expect(log).toHaveAttribute('role', 'log');
  await shopper.getByTestId('support-text').fill('سلام، سفارشم کی می‌رسد؟');
  await shopper.getByTestId('support-send').click();
  await expect(log.locator('[data-mine="true"]').filter({ hasText: 'سلام، سفارشم کی می‌رسد؟' })).toBeVisible();
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 90, b: 30 } } })
    .jpeg()
    .toBuffer();
  await shopper.getByTestId('support-file').setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await shopper.getByTestId('support-send-picture').click();
  await expect(shopper.getByTestId('support-file-name')).toHaveCount(0);
  await expect(shopper.getByTestId('support-error')).toHaveCount(0);
  await expect(log.locator('[data-mine="true"] img')).toHaveCount(1);

  // The operator, in another browser: the chat is first in the inbox with two unread (Persian digits).
  const operator = await consoleLogIn(browser, 'kebab');
  const operatorContext = operator.context();
  // The console opens at the orders board; the inbox is a link away.
  await operator.getByRole('navigation', { name: 'پنل فروشگاه' }).getByRole('link', { name: 'صندوق پشتیبانی' }).click();
  const chats = operator.getByTestId('inbox-chats');
  const chat = chats.locator('[data-testid^="inbox-chat-"]').filter({ hasText: name });
  await expect(chats.locator('[data-testid^="inbox-chat-"]').first()).toContainText(name);
  await expect(chat.locator('[data-testid^="inbox-unread-"]')).toContainText('۲');

  // Opened: the text and the picture (thumbnail linking to the full picture, served to staff); the count clears.
  await chat.click();
  const messages = operator.getByTestId('inbox-messages');
  await expect(messages).toHaveAttribute('role', 'log');
  await expect(operator.getByTestId('inbox-customer-name')).toHaveText(name);
  await expect(messages).toContainText('سلام، سفارشم کی می‌رسد؟');
  const picture = messages.getByTestId('inbox-message-picture');
  await expect(picture).toHaveAttribute('href', /\/media\/upload\/\d+$/);
  const thumbnail = picture.locator('img');
  await expect(thumbnail).toHaveAttribute('src', /\/media\/upload\/\d+\/thumb$/);
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await expect(chat.locator('[data-testid^="inbox-unread-"]')).toHaveCount(0);

  // The customer writes again while the chat is open: it appears in the console without reload.
  await shopper.getByTestId('support-text').fill('شماره سفارش ۱۲۳ است');
  await shopper.getByTestId('support-send').click();
  await expect(messages).toContainText('شماره سفارش ۱۲۳ است');

  // The operator replies; the reply appears on the customer's open /support without reload (read at once there).
  await operator.getByTestId('inbox-reply-text').fill('سلام، تا نیم ساعت دیگر می‌رسد.');
  await operator.getByTestId('inbox-reply-send').click();
  await expect(messages.locator('[data-mine="true"]').filter({ hasText: 'سلام، تا نیم ساعت دیگر می‌رسد.' })).toBeVisible();
  await expect(log.locator('[data-mine="false"]').filter({ hasText: 'سلام، تا نیم ساعت دیگر می‌رسد.' })).toBeVisible();

  // The operator replies with a picture: told it went (the picked file is cleared by the upload's own reply, no
  // problem shown; the live echo alone would show it even when the reply failed), and it shows once on each side.
  await operator.getByTestId('inbox-reply-file').setInputFiles({ name: 'menu.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(operator.getByTestId('inbox-reply-file-name')).toHaveText('menu.jpg');
  await operator.getByTestId('inbox-reply-send-picture').click();
  await expect(operator.getByTestId('inbox-reply-file-name')).toHaveCount(0);
  await expect(operator.getByTestId('inbox-reply-problem')).toHaveCount(0);
  await expect(messages.locator('[data-mine="true"] img')).toHaveCount(1);
  await expect(log.locator('[data-mine="false"] img')).toHaveCount(1);

  // Elsewhere in the shop (no reload), the next reply raises the header's count; /support shows it and the count drops to zero.
  await shopper.getByRole('banner').getByRole('link').first().click();
  await expect(shopper).toHaveURL(/\/order\/v2\/?$/);
  await expect(shopper.getByTestId('header-unread')).toHaveText('');
  await operator.getByTestId('inbox-reply-text').fill('پیک در راه است.');
  await operator.getByTestId('inbox-reply-send').click();
  await expect(shopper.getByTestId('header-unread')).toHaveText('۱');
  await expect(shopper.getByTestId('header-unread')).toHaveText(persianDigit);
  await shopper.getByTestId('header-messages').click();
  await expect(shopper).toHaveURL(/\/support$/);
  await expect(log.locator('[data-mine="false"]').filter({ hasText: 'پیک در راه است.' })).toBeVisible();
  await expect(shopper.getByTestId('header-unread')).toHaveText('');

  // A longer conversation with pictures, opened again in a new visit: once its pictures have loaded, the newest
  // message is in view at the bottom of the log (a picture with no size before it loads pushed it down after the scroll).
  for (const file of ['a.jpg', 'b.jpg', 'c.jpg']) {
    await operator.getByTestId('inbox-reply-file').setInputFiles({ name: file, mimeType: 'image/jpeg', buffer: jpeg });
    await operator.getByTestId('inbox-reply-send-picture').click();
    await expect(operator.getByTestId('inbox-reply-file-name')).toHaveCount(0);
  }
  await operator.getByTestId('inbox-reply-text').fill('منتظر پیک باشید.');
  await operator.getByTestId('inbox-reply-send').click();
  const newest = messages.locator('[data-mine="true"]').filter({ hasText: 'منتظر پیک باشید.' });
  await expect(newest).toBeInViewport({ ratio: 1 });
  // A new visit whose pictures are not in this browser's cache yet: they load after the log has scrolled.
  const cdp = await operatorContext.newCDPSession(operator);
  await cdp.send('Network.clearBrowserCache');
  await operator.reload();
  await chat.click();
  const newestPicture = messages.locator('[data-mine="true"] img').last();
  await expect.poll(() => newestPicture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await expect(newest).toBeInViewport({ ratio: 1 });
  // On a phone the open chat sits below the list of chats: opening it brings its newest message into view.
  await operator.setViewportSize({ width: 375, height: 667 });
  await operator.getByRole('button', { name: 'بستن' }).click();
  await chat.click();
  await expect(newest).toBeInViewport({ ratio: 1 });

  await operatorContext.close();
  await customer.context.close();
});
