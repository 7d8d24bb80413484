import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull } from 'drizzle-orm';
import { AD_REQUESTS } from '@contract/rules/ads';
import { ads, items, shops, users } from '../../server/db/schema';
import { CLASSIFIEDS_DEMO } from '../../server/seed/classifieds';
import { sessionFor, shopOf, chatClient } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { visitor } from './helpers/ads';

/*
 * The real-estate demo's classifieds (issue 31): the seed's ads as a visitor, a publisher and a customer find them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the real-estate demo', () => {
  it('Scenario: 60+ ads across Tehran of every request and several statuses, one by a deleted account, no flats as catalog items', async () => {
    const shop = await shopOf(t.db, 'realestate');
    const rows = await t.db.select().from(ads).where(eq(ads.shopId, shop.id));
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((row) => row.request))).toEqual(new Set(AD_REQUESTS));
    for (const status of ['approved', 'awaiting', 'rejected', 'edit_request', 'expired', 'uncertain', 'closed']) expect(rows.some((row) => row.status === status), status).toBe(true);
    expect(rows.filter((row) => row.status === 'rejected').every((row) => (row.reason ?? '').length > 0)).toBe(true);
    expect(new Set(rows.map((row) => row.neighborhood)).size).toBeGreaterThanOrEqual(20);
    // Inside Tehran.
    for (const row of rows) {
      expect(row.lat).toBeGreaterThan(35.6);
      expect(row.lat).toBeLessThan(35.83);
      expect(row.lng).toBeGreaterThan(51.25);
      expect(row.lng).toBeLessThan(51.6);
    }
    expect(rows.filter((row) => row.userId === null)).toHaveLength(1);
    expect(rows.some((row) => row.publisherKind === 'consultant' && row.consultantCode === CLASSIFIEDS_DEMO.consultant.code)).toBe(true);
    const [catalog] = await t.db.select({ total: count() }).from(items).innerJoin(shops, eq(shops.id, items.shopId)).where(eq(shops.slug, 'realestate'));
    expect(catalog.total).toBe(0);
    // Issue 42: realistic rial prices, not ten times Tehran's: a flat for sale costs 50 to 250 million toman a square meter
    // (5e8 to 2.5e9 rial), a month's rent about a thousandth of its price.
    const flats = rows.filter((row) => row.type === 'apartment');
    for (const row of flats.filter((flat) => flat.totalPrice !== null)) {
      expect(row.totalPrice! / row.meterage, row.title).toBeGreaterThan(500_000_000);
      expect(row.totalPrice! / row.meterage, row.title).toBeLessThan(2_500_000_000);
    }
    for (const row of flats.filter((flat) => flat.monthlyRent !== null)) expect(row.monthlyRent! / row.meterage, row.title).toBeLessThan(3_000_000);
  });

  it('Scenario: the list answers published ads with pictures served by the shop; a deleted publisher and a consultant show as such; a customer has bookmarks and a conversation', async () => {
    const api = visitor(t);
    const list = await api.call('get_all_ads_ty', { length: '50' });
    expect(list.total).toBeGreaterThanOrEqual(45);
    expect(list.ads.every((ad) => ad.status === 'approved')).toBe(true);
    const pictured = list.ads.find((ad) => ad.cover !== null)!;
    const picture = await t.app.inject({ method: 'GET', url: pictured.cover!.url, headers: { host: 'realestate.localhost' } });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    const all = [...list.ads, ...(await api.call('get_all_ads_ty', { offset: '50', length: '50' })).ads];
    expect(all.some((ad) => ad.publisher.deleted && ad.publisher.name === null)).toBe(true);
    expect(all.some((ad) => ad.publisher.kind === 'consultant' && ad.publisher.consultant_code === CLASSIFIEDS_DEMO.consultant.code)).toBe(true);

    const shop = await shopOf(t.db, 'realestate');
    const [customer] = await t.db.select().from(users).where(and(eq(users.rootId, shop.id), eq(users.mobile, CLASSIFIEDS_DEMO.customers[0].mobile)));
    const own = chatClient(t.app, 'realestate.localhost', await sessionFor(t.db, customer.id, shop.id));
    expect((await own.call('ty_list_bookmarks')).total).toBe(4);
    const conversations = await own.call('get_all_conversations');
    expect(conversations.conversations[0]).toMatchObject({ last_message: expect.stringContaining('موجود است') });
    const [consultant] = await t.db.select().from(users).where(and(eq(users.rootId, shop.id), eq(users.mobile, CLASSIFIEDS_DEMO.consultant.mobile)));
    const mine = await chatClient(t.app, 'realestate.localhost', await sessionFor(t.db, consultant.id, shop.id)).call('ty_my_ads', { length: '50' });
    expect(mine.ads.length).toBeGreaterThan(5);
    expect(await t.db.select({ total: count() }).from(ads).where(and(eq(ads.shopId, shop.id), isNull(ads.userId)))).toEqual([{ total: 1 }]);
  });
});
