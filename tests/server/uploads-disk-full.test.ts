import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count } from 'drizzle-orm';
import { UPLOAD_URL } from '@contract/endpoints/upload';
import { UPLOAD_LIMITS } from '@contract/rules/chat';
import { uploads } from '../../server/db/schema';
import { reencodePicture } from '../../server/services/uploads/images';
import { staffLogin } from './helpers/console-client';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { filesUnder, form, type Part } from './helpers/upload-form';

/*
 * A full upload folder: the upload folder is a real 1 MiB tmpfs, filled up, so every write of
 * the storage meets ENOSPC from the kernel. The mount needs root (this machine and CI run the tests as root): when
 * it is refused the file fails in beforeAll with the reason, it never passes without a full disk.
 */

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const KEBAB = 'kebab.localhost';
const GROCERY = 'grocery.localhost';
/** Ad pictures are a classifieds shop's. */
const REALESTATE = 'realestate.localhost';
const base = mkdtempSync(join(tmpdir(), 'storefront-full-disk-'));
const mountDir = join(base, 'uploads');
const filler = join(mountDir, 'filler');
let mounted = false;
let t: TestApp;
const lines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  execFileSync('mkdir', ['-p', mountDir]);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountDir], { stdio: 'pipe' });
    mounted = true;
  } catch (error) {
    throw new Error(`a full filesystem is needed: "mount -t tmpfs -o size=1m tmpfs ${mountDir}" failed (${String(error)}); run as root`);
  }
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) };
  t = await createTestApp({ uploadDir: mountDir, logger: { level: 'info', stream } });
});
afterAll(async () => {
  await t?.close();
  if (mounted) execFileSync('umount', [mountDir]);
  rmSync(base, { recursive: true, force: true });
});

/** Free bytes on the mount, as the kernel counts them for an unprivileged writer. */
const freeBytes = () => {
  const stats = statfsSync(mountDir);
  return stats.bavail * stats.bsize;
};

/** Fills the mount until `leave` bytes are free (0: full), with one file the test removes to make room again. */
function fill(leave = 0) {
  rmSync(filler, { force: true });
  const size = freeBytes() - leave;
  try {
    writeFileSync(filler, Buffer.alloc(size));
  } catch (error) {
    // The file's own blocks may round past what statfs reported: full is full.
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
  }
  expect(freeBytes()).toBeLessThanOrEqual(leave);
}

const png = (edge: number) => sharp({ create: { width: edge, height: edge, channels: 3, background: { r: 30, g: 140, b: 90 } } }).png().toBuffer();
const file = (data: Buffer): Part => ({ name: 'file', filename: 'a.png', type: 'image/png', data });
const field = (name: string, value: string): Part => ({ name, value });

function send(parts: Part[], { cookie, host = KEBAB, language = 'en' }: { cookie: string; host?: string; language?: 'fa' | 'en' }) {
  const { payload, contentType } = form(parts);
  return t.app.inject({ method: 'POST', url: UPLOAD_URL, headers: { host, cookie, 'content-type': contentType, 'accept-language': language }, payload });
}

const uploadRows = async () => (await t.db.select({ n: count() }).from(uploads))[0].n;
const stored = () => filesUnder(mountDir).filter((path) => path !== 'filler');
const fullLogs = () => lines.filter((line) => /folder is full \(ENOSPC\)/.test(line.msg));
const roomLogs = () => lines.filter((line) => /has room again/.test(line.msg));

describe(`uploads on a full filesystem (${database})`, () => {
  it('Scenario: every kind of upload on a full disk is a localised 507 upload_storage_full, nothing kept, the error logged once', async () => {
    fill();
    const customer = await t.signIn('kebab');
    const publisher = await t.signIn('realestate');
    const owner = await staffLogin(t.app, GROCERY);
    const [rows, files] = [await uploadRows(), stored()];
    const picture = await png(64);
    const attempts = [
      { parts: [field('type', 'media_message'), file(picture)], cookie: customer.cookie, host: KEBAB },
      { parts: [field('type', 'ad_picture'), file(picture)], cookie: publisher.cookie, host: REALESTATE },
      { parts: [field('type', 'shop_picture'), file(picture)], cookie: owner.cookie, host: GROCERY },
    ];
    for (const language of ['en', 'fa'] as const) {
      for (const attempt of attempts) {
        const response = await send(attempt.parts, { ...attempt, language });
        expect(response.statusCode, response.body).toBe(507);
        expect(response.json()).toMatchObject({ status: false, result: 'upload_storage_full' });
        expect(response.json().message).toMatch(language === 'en' ? /storage for files is full/ : /فضای ذخیره فایل‌ها در سرور پر است/);
      }
    }
    expect(await uploadRows()).toBe(rows);
    expect(stored()).toEqual(files);
    // Six refusals, one line at error (pino's 50); no request logged a 500.
    expect(fullLogs()).toHaveLength(1);
    expect(fullLogs()[0].level).toBe(50);
    expect(lines.filter((line) => line.level >= 50)).toHaveLength(1);
  });

  it('Scenario: room for the picture but not its thumbnail: 507, the picture removed too', async () => {
    const customer = await t.signIn('realestate');
    const original = await png(900);
    const encoded = await reencodePicture(original, 'image/png', UPLOAD_LIMITS.ad_picture.maxPixels);
    if (!encoded.ok) throw new Error('the test picture does not encode');
    const blocks = (bytes: number) => Math.ceil(bytes / statfsSync(mountDir).bsize) * statfsSync(mountDir).bsize;
    expect(encoded.thumbnail.data.length).toBeGreaterThan(0);
    fill(blocks(encoded.picture.data.length));
    const [rows, files] = [await uploadRows(), stored()];
    const response = await send([field('type', 'ad_picture'), file(original)], { cookie: customer.cookie, host: REALESTATE });
    expect(response.statusCode, response.body).toBe(507);
    expect(await uploadRows()).toBe(rows);
    expect(stored()).toEqual(files);
    // Still the same episode: nothing more at error.
    expect(fullLogs()).toHaveLength(1);
  });

  it('Scenario: once there is room the next upload is stored and the episode ends; a disk that fills again is logged again', async () => {
    const customer = await t.signIn('realestate');
    unlinkSync(filler);
    const stored200 = await send([field('type', 'ad_picture'), file(await png(64))], { cookie: customer.cookie, host: REALESTATE });
    expect(stored200.statusCode, stored200.body).toBe(200);
    expect(roomLogs()).toHaveLength(1);
    expect(roomLogs()[0].msg).toMatch(/7 picture\(s\) were refused/);
    fill();
    expect((await send([field('type', 'ad_picture'), file(await png(64))], { cookie: customer.cookie, host: REALESTATE })).statusCode).toBe(507);
    expect(fullLogs()).toHaveLength(2);
  });
});
