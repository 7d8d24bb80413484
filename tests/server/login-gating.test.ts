import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { endpoints } from '@contract/api';
import { envelope } from '@contract/envelope';
import { conversations, items, messages, orderItems, orders, shops } from '../../server/db/schema';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shopId = async (slug: string) => (await t.db.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug)))[0].id;

describe('login gating and the session cookie', () => {
  it('Scenario: an anonymous visitor asking for conversations gets 401 login_required (fa and en)', async () => {
    const fa = await t.call('kebab.localhost', { code: 'get_all_conversations' });
    expect(fa.statusCode).toBe(401);
    expect(v.parse(envelope(v.null()), fa.json())).toEqual({ status: false, result: 'login_required', data: null, message: 'لطفا ابتدا وارد شوید' });
    const en = await t.call('kebab.localhost', { code: 'get_all_conversations', language: 'en' }, { multipart: true });
    expect(en.json().message).toBe('Please log in first');
    expect(en.json().error_code).toBeUndefined();
  });

  it('Scenario: a signed-in user gets their details and their conversations with unread counts', async () => {
    const { userId, cookie } = await t.signIn('kebab', { name: 'علی رضایی', mobile: '09121234567' });
    const kebabId = await shopId('kebab');
    const [conversation] = await t.db.insert(conversations).values({ shopId: kebabId, userId, title: 'پشتیبانی' }).returning();
    await t.db.insert(messages).values([
      { shopId: kebabId, conversationId: conversation.id, senderUserId: userId, body: 'سلام، سفارشم کجاست؟' },
      { shopId: kebabId, conversationId: conversation.id, senderUserId: null, body: 'در راه است.' },
      { shopId: kebabId, conversationId: conversation.id, senderUserId: null, body: 'تا ۱۰ دقیقه دیگر می‌رسد.' },
    ]);

    const detail = await t.call('kebab.localhost', { code: 'get_user_detail' }, { headers: { cookie } });
    const user = v.parse(envelope(endpoints.get_user_detail.data), detail.json()).data;
    expect(user).toMatchObject({ id: userId, name: 'علی رضایی', mobile: '09121234567', access_flag: 1 });

    const list = await t.call('kebab.localhost', { code: 'get_all_conversations' }, { headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const { data } = v.parse(envelope(endpoints.get_all_conversations.data), list.json());
    expect(data.unread_count).toBe(2);
    expect(data.conversations).toEqual([
      expect.objectContaining({ id: conversation.id, title: 'پشتیبانی', unread_count: 2, last_message: 'تا ۱۰ دقیقه دیگر می‌رسد.' }),
    ]);
  });

  it('Scenario: a session of one brand is not valid at another shop', async () => {
    const { cookie } = await t.signIn('kebab');
    const detail = await t.call('grocery.localhost', { code: 'get_user_detail' }, { headers: { cookie } });
    expect(detail.json().data).toBeNull();
    const gated = await t.call('grocery.localhost', { code: 'get_all_conversations' }, { headers: { cookie } });
    expect(gated.statusCode).toBe(401);
  });

  it('Scenario: customers of a master shop are signed in at its branches too', async () => {
    const { userId, cookie } = await t.signIn('chain');
    const detail = await t.call('chain-isfahan.localhost', { code: 'get_user_detail' }, { headers: { cookie } });
    expect(detail.json().data.id).toBe(userId);
  });

  it('Scenario: a stale cookie on a gated code gives error_code -1 and clears the cookie', async () => {
    const response = await t.call('kebab.localhost', { code: 'get_all_conversations' }, { headers: { cookie: 'sid=not-a-session' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: false, result: 'session_invalid', error_code: -1 });
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=;/);
    const anonymous = await t.call('kebab.localhost', { code: 'get_user_detail' }, { headers: { cookie: 'sid=not-a-session' } });
    expect(anonymous.json().data).toBeNull();
  });

  it("Scenario: get_cart returns the signed-in user's open cart with its lines and totals", async () => {
    const { userId, cookie } = await t.signIn('kebab');
    const kebabId = await shopId('kebab');
    const [pizza] = await t.db.select().from(items).where(and(eq(items.shopId, kebabId), eq(items.nameEn, 'Special pizza')));
    const [order] = await t.db.insert(orders).values({ shopId: kebabId, userId, comment: 'بدون پیاز' }).returning();
    await t.db.insert(orderItems).values({
      shopId: kebabId,
      orderId: order.id,
      itemId: pizza.id,
      itemCount: 2,
      price: 4_400_000,
      size: { name: '30 cm', price: 4_400_000 },
      comment: [{ name: 'Garlic sauce', price: 80_000, count: 1 }],
    });
    const response = await t.call('kebab.localhost', { code: 'get_cart', type: '3' }, { headers: { cookie } });
    const { data } = v.parse(envelope(endpoints.get_cart.data), response.json());
    expect(data.order).toEqual({ id: order.id, user_id: userId, comment: 'بدون پیاز', amount_wallet_gift: 0 });
    expect(data.lines).toHaveLength(1);
    expect(data.lines[0]).toMatchObject({ item_id: pizza.id, name_en: 'Special pizza', item_count: 2, size: { name: '30 cm', price: 4_400_000 } });
    expect(data.summary.pure_price).toBe(2 * (4_400_000 + 80_000));

    const elsewhere = await t.call('grocery.localhost', { code: 'get_cart' }, { headers: { cookie } });
    expect(elsewhere.json().data.order).toBeNull();
  });
});
