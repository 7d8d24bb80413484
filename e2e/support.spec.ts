import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** A second server of our own on the same data folder, so the test can stop and start it. */
function ownServer(port: number, dataDir: string) {
  let child: ChildProcess | null = null;
  return {
    async start() {
      child = spawn(join('node_modules', '.bin', 'tsx'), ['server/main.ts'], {
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEFAULT_SHOP: 'kebab', NODE_ENV: 'test' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/order/v2/`).catch(() => null))?.status ?? 0, { timeout: 90_000, intervals: [250] })
        .toBe(200);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
}

test('Scenario: the chat says it is offline while the server is down, and recovers by itself when it is back', async ({ page }) => {
  test.setTimeout(180_000);
  const port = E2E_PORT + 37;
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-e2e-offline-'));
  const server = ownServer(port, dataDir);
  try {
    await server.start();
    const origin = `http://grocery.localhost:${port}/order/v2/`;
    // The shared helpers talk to the suite's server; this customer signs in on ours through the page.
    await page.goto(origin);
    const host = `grocery.localhost:${port}`;
    const call = async (code: string, fields: Record<string, string>) => {
      const reply = await page.request.post(`http://localhost:${port}/order/order.php`, { headers: { Host: host, Origin: `http://${host}` }, form: { code, ...fields } });
      expect(((await reply.json()) as { status: boolean }).status, code).toBe(true);
    };
    const phone = '09121110002';
    await call('login', { phone_number: phone });
    const outbox = await page.request.get(`http://localhost:${port}/dev/sms-outbox?phone=${phone}`);
    const code = ((await outbox.json()) as { data: { code: string }[] }).data[0].code;
    await call('check_verify_code', { verify_code: code });
    await call('complete_register', { name: 'نادر' });
    const cookies = await page.context().cookies(`http://localhost:${port}`);
    await page.context().addCookies(cookies.map(({ name, value, httpOnly, sameSite }) => ({ name, value, httpOnly, sameSite, domain: 'grocery.localhost', path: '/' })));

    await page.goto(`${origin}support`);
    await expect(page.getByTestId('support-page')).toBeVisible();
    await expect(page.getByTestId('chat-offline')).toHaveCount(0);

    await server.stop();
    await expect(page.getByTestId('chat-offline')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('chat-offline')).toHaveAttribute('role', 'status');

    await server.start();
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
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
