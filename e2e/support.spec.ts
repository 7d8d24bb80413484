import { connect, createServer, type Server, type Socket } from 'node:net';
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { E2E_PORT } from '../playwright.config';
import { shopApi } from './shop-session';
import { shopUrl } from './shops';

/** A small real JPEG, as a phone's camera would send it. */
const photo = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();

/** A new customer of `slug`, signed in, on /support. */
async function openSupport(page: Page, slug: string, phone: string, origin = shopUrl(slug)) {
  const api = shopApi(page, slug);
  await api.register(phone, 'سارا احمدی');
  await page.goto(`${origin}support`);
  await expect(page.getByTestId('support-page')).toBeVisible();
}

// The skincare shop: login codes are limited to 3 per address and shop in 10 minutes, and the rest of the suite signs up there least.
test('Scenario: a customer writes to support: an empty chat, the spec\'s refusals, a text and a picture', async ({ page }) => {
  await openSupport(page, 'skincare', '09121110001');
  await expect(page.getByTestId('empty-state')).toHaveText('پیامی وجود ندارد');

  // Spec §5, word for word: a blank message, then a picture send without a file.
  await page.getByTestId('support-name').fill('سارا احمدی');
  await page.getByTestId('support-send').click();
  await expect(page.getByTestId('support-error')).toHaveText('لطفا پیام خود را وارد کنید');
  await page.getByTestId('support-send-picture').click();
  await expect(page.getByTestId('support-error')).toHaveText('لطفا فایل خود را انتخاب کنید');
  await page.getByTestId('support-name').fill('');
  await page.getByTestId('support-text').fill('سلام، سفارشم کی می‌رسد؟');
  await page.getByTestId('support-send').click();
  await expect(page.getByTestId('support-error')).toHaveText('نام کاربر نباید خالی باشد');

  await page.getByTestId('support-name').fill('سارا احمدی');
  await page.getByTestId('support-send').click();
  const log = page.getByTestId('support-messages');
  await expect(log.locator('article[data-mine="true"]')).toHaveCount(1);
  await expect(log).toContainText('سلام، سفارشم کی می‌رسد؟');
  await expect(page.getByTestId('support-text')).toHaveValue('');

  // A picture: the server sniffs, re-encodes and stores it, and it comes back as a message of the chat.
  await page.getByTestId('support-file').setInputFiles({ name: 'order.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(page.getByTestId('support-file-name')).toContainText('order.jpg');
  await page.getByTestId('support-send-picture').click();
  // Told it went: the picked file is cleared by the upload's own reply and no error is shown (the live
  // echo alone would show the picture even when the reply failed), and the picture is there once.
  await expect(page.getByTestId('support-file-name')).toHaveCount(0);
  await expect(page.getByTestId('support-error')).toHaveCount(0);
  await expect(log.locator('article[data-mine="true"]')).toHaveCount(2);
  await expect(log.locator('article img')).toHaveCount(1);
  const picture = log.locator('article img').first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

  // A renamed executable is refused by its bytes, with the server's message.
  await page.getByTestId('support-file').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(256)]) });
  await page.getByTestId('support-send-picture').click();
  await expect(page.getByTestId('support-error')).toBeVisible();
  await expect(log.locator('article[data-mine="true"]')).toHaveCount(2);
});

/**
 * The suite's server behind a way in that the test cuts and restores: cut, the page's connections
 * drop and new ones are refused, as when the server is down; restored, it answers again. Cheaper
 * than a server of the test's own stopped and started (two boots, ~40 s of the suite).
 */
async function cuttableWay(port: number) {
  const sockets = new Set<Socket>();
  let listener: Server | null = null;
  const restore = () =>
    new Promise<void>((resolve, reject) => {
      const server = createServer((client) => {
        const upstream = connect(E2E_PORT, 'localhost');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
          socket.on('error', () => (client.destroy(), upstream.destroy()));
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject).listen(port, '127.0.0.1', () => resolve());
      listener = server;
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      const server = listener;
      listener = null;
      for (const socket of sockets) socket.destroy();
      if (server) server.close(() => resolve());
      else resolve();
    });
  await restore();
  return { cut, restore };
}

test('Scenario: the chat says it is offline while the server is down, and recovers by itself when it is back', async ({ page }) => {
  const port = E2E_PORT + 37;
  const way = await cuttableWay(port);
  try {
    // Cookies are per host, not port: the session the API gives grocery.localhost goes through the cut-able way too.
    await shopApi(page, 'grocery').register('09121110002', 'نادر');
    await page.goto(`http://grocery.localhost:${port}/order/v2/support`);
    await expect(page.getByTestId('support-page')).toBeVisible();
    await expect(page.getByTestId('chat-offline')).toHaveCount(0);

    await way.cut();
    await expect(page.getByTestId('chat-offline')).toBeVisible();
    await expect(page.getByTestId('chat-offline')).toHaveAttribute('role', 'status');

    await way.restore();
    // No click, no reload: the chart's backoff finds the server again, and the notice goes with the
    // first answer. The try after a failure is not held, so that is within the backoff (≤ 16 s
    // here), not a 25 s hold later.
    await expect(page.getByTestId('chat-offline')).toHaveCount(0, { timeout: 20_000 });
    // And the chat works again: a message goes through.
    await page.getByTestId('support-name').fill('نادر');
    await page.getByTestId('support-text').fill('دوباره وصل شدم');
    await page.getByTestId('support-send').click();
    await expect(page.getByTestId('support-messages')).toContainText('دوباره وصل شدم');
  } finally {
    await way.cut();
  }
});
