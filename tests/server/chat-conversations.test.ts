import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CHAT_ERRORS, CONVERSATION_PAGE_LENGTH } from '@contract/rules/chat';
import { conversations, liveEvents, messages, type ShopRow } from '../../server/db/schema';
import { createConversationRepository } from '../../server/repositories/conversation-repository';
import { appendConversationMessage } from '../../server/services/chat/conversation-messages';
import { chatClient, shopOf, type Reply } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { createRepositories } from '../../server/repositories';

/*
 * Conversations (spec §3 Message list, §7): get_all_conversations paged, get_conversation_messages,
 * send_message_to_conversation, readConversation; with the shop (peer null) and between two
 * customers of one brand (a classified ad's buyer and publisher).
 */

let t: TestApp;
let realestate: ShopRow;
beforeAll(async () => {
  t = await createTestApp();
  realestate = await shopOf(t.db, 'realestate');
});
afterAll(() => t.close());

let ipSeq = 1;
async function customer(slug = 'realestate', name = 'خریدار') {
  const { userId, cookie } = await t.signIn(slug, { name });
  return { userId, api: chatClient(t.app, `${slug}.localhost`, cookie, `10.30.0.${ipSeq++}`) };
}

const messageCount = async () => (await t.db.select({ total: count() }).from(messages))[0].total;
const eventCount = async () => (await t.db.select({ total: count() }).from(liveEvents))[0].total;

function expectRefused(response: Reply, status: number, result: string, message?: string) {
  expect(response.statusCode, JSON.stringify(response.body)).toBe(status);
  expect(response.body.result).toBe(result);
  if (message !== undefined) expect(response.body.message).toBe(message);
}

describe('between two customers (a classified ad)', () => {
  it('Scenario: the buyer writes to the publisher; the publisher sees it unread, answers, reads; both see read flags and mine', async () => {
    const buyer = await customer('realestate', 'Buyer');
    const publisher = await customer('realestate', 'Publisher');
    const conversation = await createConversationRepository(t.db, realestate, buyer.userId).open(publisher.userId, 'آپارتمان ۸۰ متری');

    const sent = await buyer.api.call('send_message_to_conversation', { to: String(conversation.id), text_message: 'هنوز موجود است؟' });
    expect(sent).toMatchObject({ conversation_id: conversation.id, mine: true, text_message: 'هنوز موجود است؟', read: false });

    const theirs = await publisher.api.call('get_all_conversations');
    expect(theirs).toMatchObject({ num_results: 1, unread_count: 1, next_offset: null });
    expect(theirs.conversations[0]).toMatchObject({ id: conversation.id, title: 'آپارتمان ۸۰ متری', unread_count: 1, last_message: 'هنوز موجود است؟', peer_user_id: buyer.userId });
    expect((await buyer.api.call('get_all_conversations')).conversations[0]).toMatchObject({ peer_user_id: publisher.userId, unread_count: 0 });

    const opened = await publisher.api.call('get_conversation_messages', { conversation_id: String(conversation.id) });
    expect(opened.messages).toEqual([expect.objectContaining({ id: sent.id, mine: false, read: false })]);
    expect(opened).toMatchObject({ num_results: 1, next_offset: null, conversation: { id: conversation.id, unread_count: 1 } });
    // The publisher's side names the buyer who started it (the page's title); the buyer's side does not name anyone.
    expect(opened.conversation.starter_name).toBe('Buyer');
    expect(theirs.conversations[0].starter_name).toBe('Buyer');
    expect((await buyer.api.call('get_conversation_messages', { conversation_id: String(conversation.id) })).conversation).not.toHaveProperty('starter_name');

    expect(await publisher.api.call('readConversation', { conv_id: String(conversation.id) })).toEqual({ support: 0, public: expect.any(Number), conversations: 0 });
    await publisher.api.call('send_message_to_conversation', { to: String(conversation.id), text_message: 'بله' });
    const buyerView = await buyer.api.call('get_conversation_messages', { conversation_id: String(conversation.id) });
    expect(buyerView.messages.map((message) => [message.text_message, message.mine, message.read])).toEqual([
      ['بله', false, false],
      ['هنوز موجود است؟', true, true],
    ]);
    expect((await buyer.api.call('get_all_conversations')).unread_count).toBe(1);
  });

  it("Scenario: another user's conversation is a 404 for reading, sending and marking, and nothing changes", async () => {
    const owner = await customer();
    const peer = await customer();
    const stranger = await customer();
    const conversation = await createConversationRepository(t.db, realestate, owner.userId).open(peer.userId, 'ویلا');
    await owner.api.call('send_message_to_conversation', { to: String(conversation.id), text_message: 'سلام' });
    const [messagesBefore, eventsBefore] = [await messageCount(), await eventCount()];
    const id = String(conversation.id);
    expectRefused(await stranger.api.post({ code: 'get_conversation_messages', conversation_id: id }), 404, 'not_found', 'این گفتگو پیدا نشد.');
    expectRefused(await stranger.api.post({ code: 'send_message_to_conversation', to: id, text_message: 'spam', language: 'en' }), 404, 'not_found', 'This conversation could not be found.');
    expectRefused(await stranger.api.post({ code: 'readConversation', conv_id: id }), 404, 'not_found');
    expect(await messageCount()).toBe(messagesBefore);
    expect(await eventCount()).toBe(eventsBefore);
    // The peer's message is still unread: the stranger's readConversation marked nothing.
    expect((await peer.api.call('get_all_conversations')).unread_count).toBe(1);
    expect((await stranger.api.call('get_all_conversations')).conversations).toEqual([]);
  });

  it("Scenario: a conversation of another shop is a 404 there, also for a customer of the same brand's branch", async () => {
    const tehran = await shopOf(t.db, 'chain-tehran');
    const { userId, cookie } = await t.signIn('chain-tehran');
    const conversation = await createConversationRepository(t.db, tehran, userId).open(null, 'پشتیبانی تهران');
    const atIsfahan = chatClient(t.app, 'chain-isfahan.localhost', cookie, '10.30.1.1');
    expectRefused(await atIsfahan.post({ code: 'get_conversation_messages', conversation_id: String(conversation.id) }), 404, 'not_found');
    expectRefused(await atIsfahan.post({ code: 'send_message_to_conversation', to: String(conversation.id), text_message: 'x' }), 404, 'not_found');
    expect((await atIsfahan.call('get_all_conversations')).num_results).toBe(0);
  });

  it("Scenario: a blank text gets spec §5's 'لطفا پیام خود را وارد کنید' and nothing is stored", async () => {
    const owner = await customer();
    const conversation = await createConversationRepository(t.db, realestate, owner.userId).open(null, 'سوال');
    const before = await messageCount();
    expectRefused(await owner.api.post({ code: 'send_message_to_conversation', to: String(conversation.id), text_message: '   ' }), 400, CHAT_ERRORS.messageRequired, 'لطفا پیام خود را وارد کنید');
    expectRefused(await owner.api.post({ code: 'send_message_to_conversation', to: 'abc', text_message: 'x' }), 400, 'invalid_input');
    expectRefused(await owner.api.post({ code: 'send_message_to_conversation', text_message: 'x' }), 400, 'invalid_input');
    expect(await messageCount()).toBe(before);
  });

  it('Scenario: a peer must be a customer of the same brand', async () => {
    const owner = await customer();
    const { userId: kebabCustomer } = await t.signIn('kebab');
    await expect(createConversationRepository(t.db, realestate, owner.userId).open(kebabCustomer, 'x')).rejects.toThrow(/cannot be the peer/);
    await expect(createConversationRepository(t.db, realestate, owner.userId).open(owner.userId, 'x')).rejects.toThrow(/cannot be the peer/);
  });
});

describe('with the shop', () => {
  it('Scenario: a reply to the shop is refused in fa and en, since no one at the shop can read it yet; nothing is stored or announced', async () => {
    const owner = await customer();
    const conversation = await createConversationRepository(t.db, realestate, owner.userId).open(null, 'پیگیری سفارش');
    await appendConversationMessage({ repos: createRepositories(t.db, realestate), live: t.app.live }, { shop: realestate, conversation, senderUserId: null, text: 'سلام، بفرمایید', at: new Date() });
    const [messagesBefore, eventsBefore] = [await messageCount(), await eventCount()];
    const id = String(conversation.id);
    const fa = await owner.api.post({ code: 'send_message_to_conversation', to: id, text_message: 'ممنون، منتظرم' });
    expectRefused(fa, 409, 'conversation_no_replies', 'پاسخ در این گفتگو هنوز به فروشگاه نمی‌رسد. برای نوشتن به فروشگاه از «پشتیبانی» استفاده کنید.');
    const en = await owner.api.post({ code: 'send_message_to_conversation', to: id, text_message: 'Thanks', language: 'en' });
    expectRefused(en, 409, 'conversation_no_replies', 'Replies in this conversation do not reach the shop yet. To write to the shop, use Support.');
    expect(await messageCount()).toBe(messagesBefore);
    expect(await eventCount()).toBe(eventsBefore);
    // The shop's own message is still there to read.
    expect((await owner.api.call('get_conversation_messages', { conversation_id: id })).messages.map((message) => message.text_message)).toEqual(['سلام، بفرمایید']);
  });
});

describe('with the shop, paged', () => {
  it('Scenario: 25 conversations come in pages of 20, newest first, with the unread over all of them', async () => {
    const owner = await customer();
    const repository = createConversationRepository(t.db, realestate, owner.userId);
    const opened = [];
    for (let index = 0; index < 25; index += 1) opened.push(await repository.open(null, `موضوع ${index}`));
    const ids = opened.map((conversation) => conversation.id);
    // Then the shop answers the first 3 (staff side: sender null), a second apart (the database's now() is finer than a Date).
    for (const [index, conversation] of opened.slice(0, 3).entries()) {
      const at = new Date(Date.now() + 1_000 * (index + 1));
      await appendConversationMessage({ repos: createRepositories(t.db, realestate), live: t.app.live }, { shop: realestate, conversation, senderUserId: null, text: `پاسخ ${index}`, at });
    }
    const first = await owner.api.call('get_all_conversations');
    expect(first.conversations).toHaveLength(CONVERSATION_PAGE_LENGTH);
    expect(first).toMatchObject({ num_results: 25, unread_count: 3, next_offset: 20 });
    const second = await owner.api.call('get_all_conversations', { offset: String(first.next_offset) });
    expect(second.conversations).toHaveLength(5);
    expect(second.next_offset).toBeNull();
    expect(new Set([...first.conversations, ...second.conversations].map((conversation) => conversation.id))).toEqual(new Set(ids));
    // Answered ones moved to the top (updated_at), each with its unread and last message.
    expect(first.conversations.slice(0, 3).map((conversation) => [conversation.last_message, conversation.unread_count])).toEqual([
      ['پاسخ 2', 1],
      ['پاسخ 1', 1],
      ['پاسخ 0', 1],
    ]);
    const small = await owner.api.call('get_all_conversations', { offset: '1', length: '2' });
    expect(small.conversations.map((conversation) => conversation.id)).toEqual(first.conversations.slice(1, 3).map((conversation) => conversation.id));
    expect(small.next_offset).toBe(3);
    expect((await owner.api.post({ code: 'get_all_conversations', length: '0' })).statusCode).toBe(400);
  });

  it('Scenario: the messages of a conversation come in pages with next_offset', async () => {
    const owner = await customer();
    const conversation = await createConversationRepository(t.db, realestate, owner.userId).open(null, 'صفحه‌ها');
    // The shop's side writes them (a customer's reply to the shop is refused until the console reads conversations).
    for (let index = 1; index <= 5; index += 1) {
      await appendConversationMessage({ repos: createRepositories(t.db, realestate), live: t.app.live }, { shop: realestate, conversation, senderUserId: null, text: `m${index}`, at: new Date(Date.now() + 1_000 * index) });
    }
    const page = await owner.api.call('get_conversation_messages', { conversation_id: String(conversation.id), length: '2' });
    expect(page.messages.map((message) => message.text_message)).toEqual(['m5', 'm4']);
    expect(page).toMatchObject({ num_results: 5, next_offset: 2 });
    const last = await owner.api.call('get_conversation_messages', { conversation_id: String(conversation.id), offset: '4', length: '2' });
    expect(last.messages.map((message) => message.text_message)).toEqual(['m1']);
    expect(last.next_offset).toBeNull();
    const [{ total }] = await t.db.select({ total: count() }).from(conversations).where(eq(conversations.id, conversation.id));
    expect(total).toBe(1);
  });
});
