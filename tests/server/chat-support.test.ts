import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { toPersianDigits } from '@contract/digits';
import { CHAT_ERRORS, CHAT_PAGE_LENGTH, WEB_MESSAGE_TYPE } from '@contract/rules/chat';
import type { ShopRow } from '../../server/db/schema';
import { liveEvents, publicMessages, supportMessages } from '../../server/db/schema';
import { createSupportInboxRepository } from '../../server/repositories/support-inbox-repository';
import { CHAT_SEND_LIMITS } from '../../server/services/anonymous-limits';
import { appendPublicMessage } from '../../server/services/chat/public-messages';
import { appendSupportMessage } from '../../server/services/chat/support-messages';
import { DEMO_CUSTOMER } from '../../server/seed/demo-customer';
import { testClock } from './helpers/account-browser';
import { chatClient, customerId, sessionFor, shopOf, type Reply } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { createRepositories } from '../../server/repositories';

/*
 * The support chat and the shop's public messages (spec §4, §5, §7): get_messages, send_message_web,
 * read_message, the send limits, tenancy, and the staff inbox's repository prepared for the console.
 */

const clock = testClock();
let t: TestApp;
let grocery: ShopRow;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, longpollHoldMs: 100 });
  grocery = await shopOf(t.db, 'grocery');
});
afterAll(() => t.close());

let ipSeq = 1;
/** A client address per scenario, so the per-address limit of one does not reach the next. */
const freshIp = () => `10.20.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;

async function customer(slug = 'grocery', name = 'سارا احمدی') {
  const { userId, cookie } = await t.signIn(slug, { name });
  return { userId, api: chatClient(t.app, `${slug}.localhost`, cookie, freshIp()) };
}

const supportCount = async (userId: number) => (await t.db.select({ total: count() }).from(supportMessages).where(eq(supportMessages.userId, userId)))[0].total;
const deps = (shop: ShopRow) => ({ repos: createRepositories(t.db, shop), live: t.app.live });
const reply = (shop: ShopRow, userId: number, message: string) => appendSupportMessage(deps(shop), { shop, userId, from: 'shop', name: shop.name, message });

function expectRefused(response: Reply, status: number, result: string, message?: string) {
  expect(response.statusCode, JSON.stringify(response.body)).toBe(status);
  expect(response.body.status).toBe(false);
  expect(response.body.result).toBe(result);
  if (message !== undefined) expect(response.body.message).toBe(message);
}

describe('the seeded demo customer', () => {
  it('Scenario: the grocery demo customer has a support chat with an unread reply, two public messages and a conversation', async () => {
    const userId = await customerId(t.db, grocery, DEMO_CUSTOMER.phone);
    const api = chatClient(t.app, 'grocery.localhost', await sessionFor(t.db, userId, grocery.rootId ?? grocery.id));
    const chat = await api.call('get_messages', { type: 'chat' });
    expect(chat.messages.map((message) => message.from)).toEqual(['shop', 'user']);
    expect(chat.messages[1]).toMatchObject({ type: 'chat', name: DEMO_CUSTOMER.name, media: null });
    expect(chat).toMatchObject({ num_results: 2, unread_count: 1, next_offset: null });
    const board = await api.call('get_messages', { type: 'public' });
    expect(board).toMatchObject({ num_results: 2, unread_count: 2, next_offset: null });
    expect(board.messages.every((message) => message.type === 'public' && message.from === 'shop' && !message.read)).toBe(true);
    const conversations = await api.call('get_all_conversations');
    expect(conversations).toMatchObject({ num_results: 1, unread_count: 1, next_offset: null });
    expect(conversations.conversations[0]).toMatchObject({ peer_user_id: null, unread_count: 1 });
  });
});

describe('send_message_web and get_messages (type chat)', () => {
  it('Scenario: a customer writes to support; the message is stored, answered and listed first', async () => {
    const { userId, api } = await customer();
    const sent = await api.call('send_message_web', { name: 'سارا', message: 'سلام، بسته من نرسیده', type: String(WEB_MESSAGE_TYPE) });
    expect(sent).toMatchObject({ type: 'chat', from: 'user', name: 'سارا', message: 'سلام، بسته من نرسیده', media: null, read: false });
    const page = await api.call('get_messages', { type: 'chat', offset: '0' });
    expect(page.messages[0]).toEqual(sent);
    expect(page).toMatchObject({ num_results: 1, unread_count: 0, next_offset: null });
    expect(await supportCount(userId)).toBe(1);
  });

  it('Scenario: type may be left out or blank (20 is the default); another type is refused and nothing is stored', async () => {
    const { userId, api } = await customer();
    await api.call('send_message_web', { name: 'Sara', message: 'one' });
    await api.call('send_message_web', { name: 'Sara', message: 'two', type: '' });
    const wrong = await api.post({ code: 'send_message_web', name: 'Sara', message: 'three', type: '21' });
    expectRefused(wrong, 400, 'invalid_input');
    expect(await supportCount(userId)).toBe(2);
  });

  it("Scenario: a blank name gets spec §5's 'نام کاربر نباید خالی باشد' (and English), nothing is stored", async () => {
    const { userId, api } = await customer();
    for (const name of ['', '   ']) {
      expectRefused(await api.post({ code: 'send_message_web', name, message: 'سلام', type: '20' }), 400, CHAT_ERRORS.nameRequired, 'نام کاربر نباید خالی باشد');
    }
    expectRefused(await api.post({ code: 'send_message_web', name: ' ', message: 'hi', language: 'en' }), 400, CHAT_ERRORS.nameRequired, 'The name must not be empty');
    expect(await supportCount(userId)).toBe(0);
  });

  it("Scenario: a blank message gets spec §5's 'لطفا پیام خود را وارد کنید' (and English), nothing is stored", async () => {
    const { userId, api } = await customer();
    expectRefused(await api.post({ code: 'send_message_web', name: 'سارا', message: ' \n ', type: '20' }), 400, CHAT_ERRORS.messageRequired, 'لطفا پیام خود را وارد کنید');
    expectRefused(await api.post({ code: 'send_message_web', name: 'Sara', message: '', language: 'en' }), 400, CHAT_ERRORS.messageRequired, 'Please enter your message');
    expect(await supportCount(userId)).toBe(0);
    expect(await t.db.select().from(liveEvents).where(eq(liveEvents.audience, `shop:${grocery.id}:user:${userId}`))).toEqual([]);
  });

  it('Scenario: an anonymous visitor is told to log in and nothing is stored', async () => {
    const response = await t.call('grocery.localhost', { code: 'send_message_web', name: 'x', message: 'y' });
    expect(response.statusCode).toBe(401);
    expect(response.json().result).toBe('login_required');
  });

  it("Scenario: pages of spec §9's 7, newest first, with next_offset until the oldest", async () => {
    const { api } = await customer();
    for (let index = 1; index <= 10; index += 1) await api.call('send_message_web', { name: 'Sara', message: `message ${index}` });
    const first = await api.call('get_messages', { type: 'chat' });
    expect(first.messages).toHaveLength(CHAT_PAGE_LENGTH);
    expect(first.messages.map((message) => message.message)).toEqual([10, 9, 8, 7, 6, 5, 4].map((index) => `message ${index}`));
    expect(first).toMatchObject({ num_results: 10, next_offset: 7 });
    const second = await api.call('get_messages', { type: 'chat', offset: String(first.next_offset) });
    expect(second.messages.map((message) => message.message)).toEqual(['message 3', 'message 2', 'message 1']);
    expect(second.next_offset).toBeNull();
    const short = await api.call('get_messages', { type: 'chat', offset: '2', length: '3' });
    expect(short.messages.map((message) => message.message)).toEqual(['message 8', 'message 7', 'message 6']);
    expect(short.next_offset).toBe(5);
    expect((await api.call('get_messages', { type: 'chat', offset: '10' })).messages).toEqual([]);
    expectRefused(await api.post({ code: 'get_messages', type: 'chat', length: '51' }), 400, 'invalid_input');
    expectRefused(await api.post({ code: 'get_messages', type: 'private' }), 400, 'invalid_input');
  });
});

describe('read_message and unread counts', () => {
  it("Scenario: the shop's replies are unread until read up to an id, then all of them", async () => {
    const { userId, api } = await customer();
    await api.call('send_message_web', { name: 'Sara', message: 'hello?' });
    const replies = [];
    for (const text of ['one', 'two', 'three']) replies.push(await reply(grocery, userId, text));
    const page = await api.call('get_messages', { type: 'chat' });
    expect(page.unread_count).toBe(3);
    expect(page.messages.filter((message) => message.from === 'shop').every((message) => !message.read)).toBe(true);
    expect(await api.call('read_message', { type: 'chat', id: String(replies[1].id) })).toMatchObject({ support: 1 });
    const after = await api.call('get_messages', { type: 'chat' });
    expect(after.messages.filter((message) => message.from === 'shop').map((message) => message.read)).toEqual([false, true, true]);
    expect(await api.call('read_message', { type: 'chat' })).toMatchObject({ support: 0 });
    // The customer's own message is unread until the staff read it (the inbox's unread).
    expect(after.messages.find((message) => message.from === 'user')?.read).toBe(false);
  });

  it('Scenario: public messages are read up to an id, never past the newest, so a later one is unread', async () => {
    const { api } = await customer();
    const before = await api.call('get_messages', { type: 'public' });
    const oldest = before.messages.at(-1)!;
    expect(await api.call('read_message', { id: String(oldest.id) })).toMatchObject({ public: before.num_results - 1 });
    const marked = await api.call('get_messages', { type: 'public' });
    expect(marked.messages.at(-1)?.read).toBe(true);
    expect(marked.messages[0].read).toBe(before.num_results === 1);
    expect(await api.call('read_message', { type: 'public', id: '2000000000' })).toMatchObject({ public: 0 });
    const posted = await appendPublicMessage(deps(grocery), { shop: grocery, name: grocery.name, message: 'تخفیف آخر هفته' });
    const later = await api.call('get_messages', { type: 'public' });
    expect(later.messages[0]).toMatchObject({ id: posted.id, read: false, message: 'تخفیف آخر هفته' });
    expect(later.unread_count).toBe(1);
    expect(await api.call('read_message', {})).toMatchObject({ public: 0 });
  });

  it('Scenario: read_message with an id of nothing is a 400 and changes nothing', async () => {
    const { api } = await customer();
    expectRefused(await api.post({ code: 'read_message', type: 'chat', id: 'x' }), 400, 'invalid_input');
    expectRefused(await api.post({ code: 'read_message', type: 'everything' }), 400, 'invalid_input');
  });
});

describe('tenancy', () => {
  it("Scenario: a brand's branches keep their own support chats and public messages", async () => {
    const tehran = await shopOf(t.db, 'chain-tehran');
    const isfahan = await shopOf(t.db, 'chain-isfahan');
    const { userId, cookie } = await t.signIn('chain-tehran');
    const atTehran = chatClient(t.app, 'chain-tehran.localhost', cookie, freshIp());
    const atIsfahan = chatClient(t.app, 'chain-isfahan.localhost', cookie, freshIp());
    await atTehran.call('send_message_web', { name: 'Sara', message: 'to Tehran' });
    await reply(tehran, userId, 'from Tehran');
    await appendPublicMessage(deps(tehran), { shop: tehran, name: tehran.name, message: 'Tehran only' });
    expect((await atTehran.call('get_messages', { type: 'chat' })).num_results).toBe(2);
    expect(await atIsfahan.call('get_messages', { type: 'chat' })).toMatchObject({ messages: [], num_results: 0, unread_count: 0 });
    expect((await atIsfahan.call('get_messages', { type: 'public' })).messages.some((message) => message.message === 'Tehran only')).toBe(false);
    expect(await atIsfahan.call('read_message', { type: 'chat' })).toEqual({ support: 0, public: 0, conversations: 0 });
    const tehranInbox = await createSupportInboxRepository(t.db, tehran).chats({ offset: 0, length: 50 });
    expect(tehranInbox.chats.map((chat) => chat.userId)).toContain(userId);
    expect((await createSupportInboxRepository(t.db, isfahan).chats({ offset: 0, length: 50 })).chats.map((chat) => chat.userId)).not.toContain(userId);
  });

  it("Scenario: a session of one shop's customers is not a login at another shop", async () => {
    const { cookie } = await t.signIn('kebab');
    const elsewhere = chatClient(t.app, 'grocery.localhost', cookie, freshIp());
    const response = await elsewhere.post({ code: 'get_messages', type: 'chat' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the staff inbox (prepared for the operator console)', () => {
  it("Scenario: customers' chats by last message with the staff's unread counts; reading one clears its count", async () => {
    const nuts = await shopOf(t.db, 'nuts');
    const first = await customer('nuts', 'Ali');
    const second = await customer('nuts', 'Mina');
    await first.api.call('send_message_web', { name: 'Ali', message: 'a1' });
    await first.api.call('send_message_web', { name: 'Ali', message: 'a2' });
    await second.api.call('send_message_web', { name: 'Mina', message: 'm1' });
    const inbox = createSupportInboxRepository(t.db, nuts);
    const listed = await inbox.chats({ offset: 0, length: 10 });
    expect(listed.chats.map((chat) => [chat.userId, chat.lastMessage, chat.unread])).toEqual([
      [second.userId, 'm1', 1],
      [first.userId, 'a2', 2],
    ]);
    expect(listed).toMatchObject({ total: 2, unread: 3 });
    await reply(nuts, first.userId, 'answer');
    await inbox.markRead(first.userId, undefined, new Date());
    const after = await inbox.chats({ offset: 0, length: 10 });
    expect(after.chats[0]).toMatchObject({ userId: first.userId, lastMessage: 'answer', lastSender: 'shop', unread: 0, name: 'Ali' });
    expect(after.unread).toBe(1);
    expect((await inbox.messages(first.userId, { offset: 0, length: 10 })).rows.map((row) => row.body)).toEqual(['answer', 'a2', 'a1']);
    // The customer sees their messages read by the staff.
    expect((await first.api.call('get_messages', { type: 'chat' })).messages.filter((message) => message.from === 'user').every((message) => message.read)).toBe(true);
  });
});

describe('send limits (per account and per address)', () => {
  it('Scenario: the 21st message of a minute from one account is a 429 with the wait; refused input costs nothing; later it passes', async () => {
    const { userId, api } = await customer();
    const { limit, windowSeconds } = CHAT_SEND_LIMITS.account;
    expectRefused(await api.post({ code: 'send_message_web', name: 'Sara', message: ' ' }), 400, CHAT_ERRORS.messageRequired);
    for (let index = 0; index < limit; index += 1) await api.call('send_message_web', { name: 'Sara', message: `m${index}` });
    const limited = await api.post({ code: 'send_message_web', name: 'Sara', message: 'one more' });
    expectRefused(limited, 429, 'rate_limited');
    const wait = (limited.body.data as { wait_seconds: number }).wait_seconds;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(windowSeconds);
    expect(limited.body.message).toContain(toPersianDigits(wait));
    expect(limited.body.message).toContain('تعداد پیام‌های شما زیاد است');
    const english = await api.post({ code: 'send_message_to_conversation', to: '1', text_message: 'x', language: 'en' });
    expectRefused(english, 429, 'rate_limited', `You have sent too many messages; please try again in ${wait} seconds.`);
    expect(await supportCount(userId)).toBe(limit);
    clock.advance(windowSeconds + 1);
    await api.call('send_message_web', { name: 'Sara', message: 'after the wait' });
  });

  it('Scenario: many accounts from one address share the per-address limit', async () => {
    const ip = freshIp();
    const { limit, windowSeconds } = CHAT_SEND_LIMITS.address;
    const perAccount = CHAT_SEND_LIMITS.account.limit;
    let sent = 0;
    while (sent < limit) {
      const { cookie } = await t.signIn('grocery');
      const api = chatClient(t.app, 'grocery.localhost', cookie, ip);
      for (let index = 0; index < perAccount && sent < limit; index += 1, sent += 1) await api.call('send_message_web', { name: 'Bot', message: `m${sent}` });
    }
    const { cookie } = await t.signIn('grocery');
    const fresh = chatClient(t.app, 'grocery.localhost', cookie, ip);
    const limited = await fresh.post({ code: 'send_message_web', name: 'Bot', message: 'one more', language: 'en' });
    expectRefused(limited, 429, 'rate_limited');
    expect(limited.body.message).toMatch(/^Too many messages were sent from your network/);
    // The same account elsewhere still has room: the refusal took no slot of it.
    await chatClient(t.app, 'grocery.localhost', cookie, freshIp()).call('send_message_web', { name: 'Bot', message: 'from home' });
    clock.advance(windowSeconds + 1);
  });
});

describe('public messages of a shop', () => {
  it('Scenario: a new public message is listed for every customer of the shop, unread', async () => {
    const { api } = await customer();
    const before = (await api.call('get_messages', { type: 'public' })).unread_count;
    await appendPublicMessage(deps(grocery), { shop: grocery, name: grocery.name, message: 'news' });
    expect((await api.call('get_messages', { type: 'public' })).unread_count).toBe(before + 1);
    const [{ total }] = await t.db.select({ total: count() }).from(publicMessages).where(and(eq(publicMessages.shopId, grocery.id), eq(publicMessages.body, 'news')));
    expect(total).toBe(1);
  });
});
