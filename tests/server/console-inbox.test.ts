import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import * as v from 'valibot';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { consoleEndpoints, type ConsoleCode, type ConsoleDataOf } from '@contract/console/api';
import { CONSOLE_API } from '@contract/console/rules';
import { envelope } from '@contract/envelope';
import { UPLOAD_URL, UploadReplySchema } from '@contract/endpoints/upload';
import { buildApp } from '../../server/app';
import { staff } from '../../server/db/schema';
import { STAFF_COOKIE } from '../../server/http/staff-session';
import { STAFF_CHAT_SEND_LIMITS } from '../../server/services/anonymous-limits';
import { hashPassword } from '../../server/services/password';
import { chatClient, shopOf } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * The support inbox of the operator console (issue 13): listing, reading, replying (text and
 * pictures), the staff's long poll, and who may do any of it. `t` holds polls for a minute, so an
 * answer within a test's time can only come from an event; `brief` (same database) holds 150 ms.
 */

const KEBAB = 'kebab.localhost';
const GROCERY = 'grocery.localhost';
let t: TestApp;
let brief: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ longpollHoldMs: 60_000 });
  brief = await buildApp({ db: t.db, config: { defaultShop: 'kebab', spaDir: join(tmpdir(), 'storefront-no-spa'), nodeEnv: 'test', longpollHoldMs: 150 } });
});
afterAll(async () => {
  await brief?.close();
  await t?.close();
});

let ipSeq = 1;
const freshIp = () => `10.61.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;

interface Answer {
  statusCode: number;
  body: { status: boolean; result: string; message: string | null; data: unknown };
}

/** Console API calls with a given Cookie header (or none), through `app`. */
function consoleClient(host: string, cookie: string | null, ip = freshIp(), app: FastifyInstance = t.app) {
  const post = async (fields: Record<string, string>, language = 'en'): Promise<Answer> => {
    const response = await app.inject({
      method: 'POST',
      url: CONSOLE_API,
      remoteAddress: ip,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language, ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams(fields).toString(),
    });
    return { statusCode: response.statusCode, body: response.json() };
  };
  return {
    post,
    async call<C extends ConsoleCode>(code: C, fields: Record<string, string> = {}): Promise<ConsoleDataOf<C>> {
      const answer = await post({ code, ...fields });
      if (answer.statusCode !== 200) throw new Error(`${code} answered ${answer.statusCode}: ${JSON.stringify(answer.body)}`);
      return v.parse(envelope(consoleEndpoints[code].data), answer.body).data as ConsoleDataOf<C>;
    },
  };
}

/** Logs a staff member in (the seeded owner by default) and returns their console client and cookie. */
async function staffAt(host: string, username = 'admin', password = `demo-${host.split('.')[0]}`) {
  const response = await t.app.inject({
    method: 'POST',
    url: CONSOLE_API,
    remoteAddress: freshIp(),
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ code: 'staff_login', username, password }).toString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = response.cookies.find((cookie) => cookie.name === STAFF_COOKIE)?.value;
  const cookie = `${STAFF_COOKIE}=${token}`;
  return { cookie, api: consoleClient(host, cookie), briefly: consoleClient(host, cookie, freshIp(), brief) };
}

/** A new signed-in customer of the shop with their chat API. */
async function customer(slug: string, name: string) {
  const { userId, cookie } = await t.signIn(slug, { name });
  return { userId, cookie, api: chatClient(t.app, `${slug}.localhost`, cookie, freshIp()) };
}

const held = (watches: number) => vi.waitFor(() => expect(t.app.live.stats().watches).toBe(watches), { timeout: 4_000, interval: 5 });

const picture = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .jpeg()
    .toBuffer();

/** POSTs a picture to the upload endpoint with the given cookies and extra. */
async function upload(host: string, cookie: string, data: Buffer, extra: Record<string, unknown>) {
  const boundary = `----inbox${randomBytes(8).toString('hex')}`;
  const text = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    text('type', 'media_message'),
    text('extra', JSON.stringify(extra)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: UPLOAD_URL, remoteAddress: freshIp(), headers: { host, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

const fetchMedia = (host: string, url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });

describe('listing and reading', () => {
  it("Scenario: the inbox lists customers' chats by last message with unread counts; a chat pages newest first; reading clears its count", async () => {
    const kebab = await staffAt(KEBAB);
    const before = await kebab.api.call('support_chats');
    const ali = await customer('kebab', 'Ali');
    const mina = await customer('kebab', 'Mina');
    await ali.api.call('send_message_web', { name: 'Ali', message: 'a1' });
    await ali.api.call('send_message_web', { name: 'Ali', message: 'a2' });
    await mina.api.call('send_message_web', { name: 'Mina', message: 'm1' });

    const listed = await kebab.api.call('support_chats');
    expect(listed.chats.slice(0, 2).map((chat) => [chat.user_id, chat.name, chat.last_message, chat.last_from, chat.unread])).toEqual([
      [mina.userId, 'Mina', 'm1', 'user', 1],
      [ali.userId, 'Ali', 'a2', 'user', 2],
    ]);
    expect(listed.num_results).toBe(before.num_results + 2);
    expect(listed.unread_count).toBe(before.unread_count + 3);
    const firstPage = await kebab.api.call('support_chats', { length: '1' });
    expect(firstPage.chats.map((chat) => chat.user_id)).toEqual([mina.userId]);
    expect(firstPage.next_offset).toBe(1);

    const chat = await kebab.api.call('support_chat', { user_id: String(ali.userId), length: '1' });
    expect(chat.customer).toMatchObject({ user_id: ali.userId, name: 'Ali' });
    expect(chat.messages.map((message) => message.message)).toEqual(['a2']);
    expect(chat).toMatchObject({ num_results: 2, unread_count: 2, next_offset: 1 });
    const older = await kebab.api.call('support_chat', { user_id: String(ali.userId), offset: '1', length: '1' });
    expect(older.messages.map((message) => message.message)).toEqual(['a1']);
    expect(older.next_offset).toBeNull();

    const read = await kebab.api.call('support_read', { user_id: String(ali.userId) });
    expect(read.unread_count).toBe(before.unread_count + 1);
    const after = await kebab.api.call('support_chats');
    expect(after.chats.find((item) => item.user_id === ali.userId)?.unread).toBe(0);
    // The customer sees their messages read.
    expect((await ali.api.call('get_messages', { type: 'chat' })).messages.every((message) => message.read)).toBe(true);
  });

  it('Scenario: support_read up to an id leaves later messages unread', async () => {
    const kebab = await staffAt(KEBAB);
    const sara = await customer('kebab', 'Sara');
    const first = await sara.api.call('send_message_web', { name: 'Sara', message: 's1' });
    await sara.api.call('send_message_web', { name: 'Sara', message: 's2' });
    await kebab.api.call('support_read', { user_id: String(sara.userId), id: String(first.id) });
    expect((await kebab.api.call('support_chat', { user_id: String(sara.userId) })).unread_count).toBe(1);
  });
});

describe('replies', () => {
  it("Scenario: a staff reply answers the customer's held longpull at once and counts as unread for the customer", async () => {
    const kebab = await staffAt(KEBAB);
    const reza = await customer('kebab', 'Reza');
    await reza.api.call('send_message_web', { name: 'Reza', message: 'hello?' });
    const { count } = await reza.api.call('longpull', { count: '0' });
    const waiting = reza.api.call('longpull', { count: String(count) });
    await held(1);
    const sent = await kebab.api.call('support_reply', { user_id: String(reza.userId), message: 'سلام، در خدمتیم' });
    expect(sent).toMatchObject({ from: 'shop', message: 'سلام، در خدمتیم', name: expect.any(String) });
    const answer = await waiting;
    expect(answer.events).toEqual([expect.objectContaining({ type: 'new_support_message', message: expect.objectContaining({ id: sent.id, from: 'shop' }) })]);
    expect(answer.unread.support).toBe(1);
  });

  it('Scenario: a blank reply is refused in the request language and writes nothing; a customer of another shop is not found', async () => {
    const kebab = await staffAt(KEBAB);
    const leila = await customer('kebab', 'Leila');
    const blank = await kebab.api.post({ code: 'support_reply', user_id: String(leila.userId), message: '   ' }, 'fa');
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toMatchObject({ status: false, result: 'chat_message_required', message: 'لطفا پیام خود را وارد کنید' });
    expect((await leila.api.call('get_messages', { type: 'chat' })).num_results).toBe(0);

    const elsewhere = await customer('grocery', 'Omid');
    const foreign = await kebab.api.post({ code: 'support_reply', user_id: String(elsewhere.userId), message: 'hi' });
    expect(foreign.statusCode).toBe(404);
    expect((await elsewhere.api.call('get_messages', { type: 'chat' })).num_results).toBe(0);
  });

  it("Scenario: a staff member's replies are limited like customers' messages; a refusal writes nothing", async () => {
    const [kebab] = [await shopOf(t.db, 'kebab')];
    await t.db.insert(staff).values({ rootId: kebab.id, name: 'Fast typist', username: 'typist', passwordHash: await hashPassword('typist-pass'), role: 'staff' });
    const typist = await staffAt(KEBAB, 'typist', 'typist-pass');
    const nima = await customer('kebab', 'Nima');
    const limit = STAFF_CHAT_SEND_LIMITS.account.limit;
    for (let sent = 0; sent < limit; sent++) await typist.api.call('support_reply', { user_id: String(nima.userId), message: `r${sent}` });
    const refused = await typist.api.post({ code: 'support_reply', user_id: String(nima.userId), message: 'one more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatchObject({ result: 'rate_limited', data: { wait_seconds: expect.any(Number) } });
    expect((await nima.api.call('get_messages', { type: 'chat', length: '50' })).num_results).toBe(limit);
  });
});

describe("the staff's long poll", () => {
  it('Scenario: a first connection answers the cursor at once; a customer message answers a held staff_longpull with its user_id', async () => {
    const kebab = await staffAt(KEBAB);
    const first = await kebab.api.call('staff_longpull', { count: '0' });
    expect(first.events).toEqual([]);
    const waiting = kebab.api.call('staff_longpull', { count: String(first.count) });
    await held(1);
    const hana = await customer('kebab', 'Hana');
    const sent = await hana.api.call('send_message_web', { name: 'Hana', message: 'is it open?' });
    const answer = await waiting;
    expect(answer.events).toEqual([{ id: expect.any(Number), type: 'new_support_message', user_id: hana.userId, message: expect.objectContaining({ id: sent.id, message: 'is it open?', from: 'user' }) }]);
    expect(answer.count).toBe(answer.events[0].id);
    expect(answer.unread_count).toBe((await kebab.api.call('support_chats')).unread_count);
    // Resuming from the cursor repeats nothing.
    expect((await kebab.briefly.call('staff_longpull', { count: String(answer.count) })).events).toEqual([]);
  });

  it('Scenario: wait 0 answers a staff_longpull at once, empty, with the same cursor (the console back from a failure)', async () => {
    const kebab = await staffAt(KEBAB);
    const { count } = await kebab.api.call('staff_longpull', { count: '0' });
    expect(await kebab.api.call('staff_longpull', { count: String(count), wait: '0' })).toEqual({ count, events: [], unread_count: expect.any(Number), unaccepted_count: expect.any(Number), unopened_count: expect.any(Number) });
  });

  it("Scenario: another shop's staff sees nothing of this shop's chats", async () => {
    const grocery = await staffAt(GROCERY);
    const { count } = await grocery.briefly.call('staff_longpull', { count: '0' });
    const kian = await customer('kebab', 'Kian');
    await kian.api.call('send_message_web', { name: 'Kian', message: 'kebab only' });
    const polled = await grocery.briefly.call('staff_longpull', { count: String(count) });
    expect(polled.events).toEqual([]);
    expect((await grocery.api.call('support_chats', { length: '50' })).chats.map((chat) => chat.user_id)).not.toContain(kian.userId);
    expect((await grocery.api.post({ code: 'support_chat', user_id: String(kian.userId) })).statusCode).toBe(404);
    expect((await grocery.api.post({ code: 'support_read', user_id: String(kian.userId) })).statusCode).toBe(404);
    // The kebab's staff cookie is no login at the grocery.
    const kebab = await staffAt(KEBAB);
    expect((await consoleClient(GROCERY, kebab.cookie).post({ code: 'support_chats' })).statusCode).toBe(401);
  });
});

describe('who may use the inbox', () => {
  it('Scenario: anonymous requests and customer sessions get 401 staff_login_required for every inbox code', async () => {
    const someone = await customer('kebab', 'Someone');
    const codes: [ConsoleCode, Record<string, string>][] = [
      ['support_chats', {}],
      ['support_chat', { user_id: String(someone.userId) }],
      ['support_reply', { user_id: String(someone.userId), message: 'hi' }],
      ['support_read', { user_id: String(someone.userId) }],
      ['staff_longpull', { count: '0' }],
    ];
    for (const cookie of [null, someone.cookie]) {
      for (const [code, fields] of codes) {
        const answer = await consoleClient(KEBAB, cookie).post({ code, ...fields }, 'fa');
        expect(answer.statusCode, code).toBe(401);
        expect(answer.body).toMatchObject({ result: 'staff_login_required', message: 'لطفا ابتدا وارد پنل فروشگاه شوید.' });
      }
    }
    expect((await someone.api.call('get_messages', { type: 'chat' })).num_results).toBe(0);
  });
});

describe('pictures', () => {
  it("Scenario: staff see a customer's picture and another customer does not; a staff picture reaches the customer's chat from the shop", async () => {
    const kebab = await staffAt(KEBAB);
    const owner = await customer('kebab', 'Parisa');
    const other = await customer('kebab', 'Other');
    const sent = await upload(KEBAB, owner.cookie, await picture(), { name: 'Parisa' });
    expect(sent.statusCode, sent.body).toBe(200);
    const media = v.parse(envelope(UploadReplySchema), sent.json()).data.media;
    expect((await fetchMedia(KEBAB, media.url, kebab.cookie)).statusCode).toBe(200);
    expect((await fetchMedia(KEBAB, media.thumbnail_url, kebab.cookie)).statusCode).toBe(200);
    expect((await fetchMedia(KEBAB, media.url, other.cookie)).statusCode).toBe(404);
    expect((await fetchMedia(KEBAB, media.url)).statusCode).toBe(404);
    const grocery = await staffAt(GROCERY);
    expect((await fetchMedia(GROCERY, media.url, grocery.cookie)).statusCode).toBe(404);
    const listed = await kebab.api.call('support_chats');
    expect(listed.chats[0]).toMatchObject({ user_id: owner.userId, last_has_media: true });

    const waiting = owner.api.call('longpull', { count: String((await owner.api.call('longpull', { count: '0' })).count) });
    await held(1);
    const replied = await upload(KEBAB, kebab.cookie, await picture(), { user_id: owner.userId, message: 'this one?' });
    expect(replied.statusCode, replied.body).toBe(200);
    const reply = v.parse(envelope(UploadReplySchema), replied.json()).data;
    expect(reply.message).toMatchObject({ from: 'shop', message: 'this one?', media: { id: reply.media.id } });
    expect((await waiting).events).toEqual([expect.objectContaining({ message: expect.objectContaining({ id: reply.message?.id, from: 'shop' }) })]);
    expect((await fetchMedia(KEBAB, reply.media.url, owner.cookie)).statusCode).toBe(200);
    expect((await fetchMedia(KEBAB, reply.media.url, other.cookie)).statusCode).toBe(404);

    // A customer naming someone else's chat, and another shop's staff, send nothing there.
    const sneaky = await upload(KEBAB, other.cookie, await picture(), { user_id: owner.userId, name: 'x' });
    expect(sneaky.statusCode).toBe(401);
    const foreign = await upload(GROCERY, grocery.cookie, await picture(), { user_id: owner.userId });
    expect(foreign.statusCode).toBe(404);
    expect((await owner.api.call('get_messages', { type: 'chat' })).num_results).toBe(2);
  });
});
