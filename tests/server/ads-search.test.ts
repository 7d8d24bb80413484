import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAP_GRID_CELLS, MAP_POINTS_MAX, REPORTS_TO_HOLD } from '@contract/rules/ads';
import { ads, conversations, users, type ShopRow } from '../../server/db/schema';
import { shopOf } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { adCustomer, adPictures, footprint, moderator, published, submit, visitor, type AdCustomer } from './helpers/ads';

/*
 * Finding classified ads (issue 31): the list and every filter's edges (empty, inverted ranges, Persian digits, a page
 * past the end), the counts, the map's points and clusters, one ad's detail (blurred for others, a deleted
 * publisher), bookmarks, reports (held after REPORTS_TO_HOLD) and the chat with the publisher.
 */

let t: TestApp;
let realestate: ShopRow;
let publisher: AdCustomer;
const CITY = 'جستجوآباد';
const filters = (value: Record<string, unknown>) => JSON.stringify({ city: CITY, ...value });
let rentCheap: { id: number };
let rentDear: { id: number };
let sale: { id: number };
let partnership: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  realestate = await shopOf(t.db, 'realestate');
  publisher = await adCustomer(t, 'فروشنده');
  const place = { city: CITY };
  rentCheap = await published(t, publisher, { ...place, title: 'اجاره ارزان نارمک', neighborhood: 'نارمک', meterage: 60, rooms: 1, build_year: 1385, deposit: 1_000_000_000, monthly_rent: 80_000_000 });
  rentDear = await published(t, publisher, { ...place, title: 'اجاره لوکس زعفرانیه', neighborhood: 'زعفرانیه', meterage: 180, rooms: 3, build_year: 1401, deposit: 10_000_000_000, monthly_rent: 400_000_000, comment: 'استخر و سونا' });
  sale = await published(t, publisher, { ...place, request: 'sale', title: 'فروش آپارتمان پونک', neighborhood: 'پونک', meterage: 95, rooms: 2, build_year: 1395, total_price: 60_000_000_000, deposit: null, monthly_rent: null });
  partnership = await published(t, publisher, { ...place, request: 'partnership', type: 'land', title: 'مشارکت زمین شهران', neighborhood: 'شهران', meterage: 400, rooms: null, build_year: null, partnership_for: 'ساخت ۸ واحد', total_price: null, deposit: null, monthly_rent: null });
  // Awaiting: never listed.
  await submit(publisher, { ...place, title: 'در انتظار تایید هنوز' });
});
afterAll(() => t.close());

const ids = (list: { ads: { id: number }[] }) => list.ads.map((ad) => ad.id);

describe('filter_all_ads_ty', () => {
  it('Scenario: every filter narrows the list; no filter lists every published ad newest first; counts follow the other filters', async () => {
    const api = visitor(t);
    const all = await api.call('filter_all_ads_ty', { filters: filters({}) });
    expect(ids(all)).toEqual([partnership.id, sale.id, rentDear.id, rentCheap.id]);
    expect(all).toMatchObject({ total: 4, next_offset: null });
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ request: 'rent' }) }))).toEqual([rentDear.id, rentCheap.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ type: 'land' }) }))).toEqual([partnership.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ neighborhood: 'پونک' }) }))).toEqual([sale.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ deposit: { min: 2_000_000_000 } }) }))).toEqual([rentDear.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ monthly_rent: { max: 100_000_000 } }) }))).toEqual([rentCheap.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ total_price: { min: 1, max: 60_000_000_000 } }) }))).toEqual([sale.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ meterage: { min: 90, max: 180 } }) }))).toEqual([sale.id, rentDear.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ rooms: { min: 2 } }) }))).toEqual([sale.id, rentDear.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ build_year: { min: 1390, max: 1399 } }) }))).toEqual([sale.id]);
    // q searches the title and the comment.
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ q: 'سونا' }) }))).toEqual([rentDear.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ q: 'پونک' }) }))).toEqual([sale.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ q: '100%' }) }))).toEqual([]);
    // Sorts: by price (a sale's total, else a rent's deposit), ads without one last.
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ sort: 'price_asc' }) }))).toEqual([rentCheap.id, rentDear.id, sale.id, partnership.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ sort: 'price_desc' }) }))).toEqual([sale.id, rentDear.id, rentCheap.id, partnership.id]);
    // Three filters at once (the bench's).
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ request: 'rent', meterage: { min: 50 }, monthly_rent: { max: 500_000_000 } }) }))).toEqual([rentDear.id, rentCheap.id]);
    expect(await api.call('ty_ad_counts', { filters: filters({ request: 'rent' }) })).toEqual({ request: { rent: 2, sale: 1, partnership: 1 }, type: { apartment: 2 } });
  });

  it('Scenario: Persian digits are read; an empty result, an empty filter and a page past the end answer an empty page', async () => {
    const api = visitor(t);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({ meterage: { min: '۱۰۰' } }) }))).toEqual([partnership.id, rentDear.id]);
    expect(ids(await api.call('filter_all_ads_ty', { filters: filters({}), offset: '۲', length: '۱' }))).toEqual([rentDear.id]);
    expect(await api.call('filter_all_ads_ty', { filters: filters({ neighborhood: 'ناکجا' }) })).toEqual({ ads: [], total: 0, next_offset: null });
    expect(await api.call('filter_all_ads_ty', { filters: filters({}), offset: '40' })).toEqual({ ads: [], total: 4, next_offset: null });
    const paged = await api.call('filter_all_ads_ty', { filters: filters({}), offset: '0', length: '3' });
    expect(paged).toMatchObject({ total: 4, next_offset: 3 });
    // Without filters, or blank: every published ad of the shop.
    const plain = await api.call('filter_all_ads_ty', { filters: '' });
    expect(plain.total).toBe((await api.call('get_all_ads_ty')).total);
    expect(plain.total).toBeGreaterThanOrEqual(4);
  });

  it('Scenario: an inverted range, an unknown choice or broken JSON is refused with a clear message in fa and en', async () => {
    const api = visitor(t);
    const fa = await api.post({ code: 'filter_all_ads_ty', filters: filters({ total_price: { min: 9, max: 1 } }) });
    expect(fa.statusCode).toBe(400);
    expect(fa.body.message).toBe('مقدار فیلد «filters.total_price» نامعتبر است (بازه‌ای که کمینه‌اش از بیشینه بیشتر نباشد).');
    const en = await api.post({ code: 'filter_all_ads_ty', language: 'en', filters: filters({ meterage: { min: '۹۰', max: '۸۰' } }) });
    expect(en.body.message).toBe('The field "filters.meterage" is invalid (a range whose minimum is not above its maximum).');
    expect((await api.post({ code: 'filter_all_ads_ty', filters: filters({ request: 'swap' }) })).statusCode).toBe(400);
    expect((await api.post({ code: 'filter_all_ads_ty', filters: '{' })).statusCode).toBe(400);
    const bounds = await api.post({ code: 'get_ads_by_location', language: 'en', location: JSON.stringify({ north: 1, south: 2, east: 3, west: 1 }) });
    expect(bounds.statusCode).toBe(400);
    expect(bounds.body.message).toBe('The field "location" is invalid (valid map bounds).');
  });
});

describe('get_ads_by_location', () => {
  it('Scenario: the bounds answer points at the blurred positions; above MAP_POINTS_MAX, clusters of the grid that add up to the total', async () => {
    const api = visitor(t);
    const rows = await t.db.select({ id: ads.id, shownLat: ads.shownLat, shownLng: ads.shownLng, lat: ads.lat }).from(ads).where(eq(ads.id, sale.id));
    const around = { north: rows[0].shownLat + 0.001, south: rows[0].shownLat - 0.001, east: rows[0].shownLng + 0.001, west: rows[0].shownLng - 0.001 };
    const map = await api.call('get_ads_by_location', { location: JSON.stringify(around), filters: filters({ request: 'sale' }) });
    expect(map).toEqual({ total: 1, points: [{ id: sale.id, lat: rows[0].shownLat, lng: rows[0].shownLng, title: 'فروش آپارتمان پونک', request: 'sale', price: 60_000_000_000 }], clusters: [] });
    expect(map.points[0].lat).not.toBe(rows[0].lat);

    // A dense area far from the demo's ads: MAP_POINTS_MAX + 1 published ads in a 0.1° square.
    const base = { shopId: realestate.id, userId: publisher.userId, status: 'approved' as const, request: 'rent' as const, type: 'apartment' as const, province: 'کرمان', city: 'کرمان', meterage: 70, publishedAt: new Date() };
    await t.db.insert(ads).values(
      Array.from({ length: MAP_POINTS_MAX + 1 }, (_, index) => {
        const lat = 30.2 + (index % 20) * 0.005;
        const lng = 57.0 + Math.floor(index / 20) * 0.005;
        return { ...base, code: `K-${index}`, title: `کرمان ${index}`, neighborhood: `محله ${index}`, lat, lng, shownLat: lat, shownLng: lng };
      }),
    );
    const dense = await api.call('get_ads_by_location', { location: JSON.stringify({ north: 30.3, south: 30.19, east: 57.1, west: 56.99 }) });
    expect(dense.total).toBe(MAP_POINTS_MAX + 1);
    expect(dense.points).toEqual([]);
    expect(dense.clusters.length).toBeGreaterThan(1);
    expect(dense.clusters.length).toBeLessThanOrEqual(MAP_GRID_CELLS * MAP_GRID_CELLS);
    expect(dense.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(MAP_POINTS_MAX + 1);
    for (const cluster of dense.clusters) expect(cluster.lat).toBeGreaterThanOrEqual(30.19);
    // A filter brings it under the cap: points again.
    expect((await api.call('get_ads_by_location', { location: JSON.stringify({ north: 30.3, south: 30.19, east: 57.1, west: 56.99 }), filters: JSON.stringify({ q: 'کرمان 1' }) })).points.length).toBeGreaterThan(0);
  });
});

describe('get_ad_ty', () => {
  it("Scenario: a visitor sees a published ad at its blurred point without reason or actions; its publisher the exact one; a deleted publisher shows as deleted", async () => {
    const [row] = await t.db.select().from(ads).where(eq(ads.id, rentDear.id));
    const other = await visitor(t).call('get_ad_ty', { id: String(rentDear.id) });
    expect(other).toMatchObject({ mine: false, location: { lat: row.shownLat, lng: row.shownLng }, reason: null, expires_at: null, actions: [], publisher: { name: 'فروشنده', kind: 'person', deleted: false }, comment: 'استخر و سونا', bookmarked: false });
    expect(JSON.stringify(other)).not.toContain(row.lat.toString());
    const own = await publisher.api.call('get_ad_ty', { id: '۰'.repeat(0) + String(rentDear.id) });
    expect(own).toMatchObject({ mine: true, location: { lat: row.lat, lng: row.lng }, actions: ['edit', 'close', 'delete'] });
    expect((await visitor(t).post({ code: 'get_ad_ty', id: '999999' })).statusCode).toBe(404);

    const gone = await adCustomer(t, 'رفتنی');
    const orphan = await published(t, gone, { city: 'یتیم‌شهر' });
    await t.db.delete(users).where(eq(users.id, gone.userId));
    const seen = await visitor(t).call('get_ad_ty', { id: String(orphan.id) });
    expect(seen.publisher).toEqual({ name: null, kind: 'person', consultant_code: null, deleted: true });
    const listed = await visitor(t).call('filter_all_ads_ty', { filters: JSON.stringify({ city: 'یتیم‌شهر' }) });
    expect(listed.ads[0].publisher.deleted).toBe(true);
    // Nobody can write to a deleted publisher.
    const buyer = await adCustomer(t);
    const contact = await buyer.api.post({ code: 'ty_contact_publisher', language: 'en', ad_id: String(orphan.id) });
    expect(contact.statusCode).toBe(409);
    expect(contact.body).toMatchObject({ result: 'ad_publisher_deleted' });
  });
});

describe('bookmarks, contact, reports', () => {
  it('Scenario: a bookmark shows on every card and in the list until removed; twice changes nothing; an unpublished ad cannot be bookmarked', async () => {
    const buyer = await adCustomer(t, 'خریدار');
    expect(await buyer.api.call('ty_add_bookmark', { ad_id: String(sale.id) })).toEqual({ ad_id: sale.id, bookmarked: true });
    expect(await buyer.api.call('ty_add_bookmark', { ad_id: String(rentCheap.id) })).toEqual({ ad_id: rentCheap.id, bookmarked: true });
    await buyer.api.call('ty_add_bookmark', { ad_id: String(sale.id) });
    const list = await buyer.api.call('ty_list_bookmarks');
    expect(list).toMatchObject({ total: 2, next_offset: null });
    expect(list.ads.every((ad) => ad.bookmarked)).toBe(true);
    expect((await buyer.api.call('filter_all_ads_ty', { filters: filters({}) })).ads.map((ad) => [ad.id, ad.bookmarked])).toEqual([
      [partnership.id, false],
      [sale.id, true],
      [rentDear.id, false],
      [rentCheap.id, true],
    ]);
    expect((await buyer.api.call('get_ad_ty', { id: String(sale.id) })).bookmarked).toBe(true);
    expect(await buyer.api.call('ty_remove_bookmark', { ad_id: String(sale.id) })).toEqual({ ad_id: sale.id, bookmarked: false });
    expect(await buyer.api.call('ty_remove_bookmark', { ad_id: String(sale.id) })).toEqual({ ad_id: sale.id, bookmarked: false });
    expect(ids(await buyer.api.call('ty_list_bookmarks'))).toEqual([rentCheap.id]);
    expect((await buyer.api.call('ty_list_bookmarks', { offset: '5' })).ads).toEqual([]);
    const waiting = await submit(publisher, { city: CITY, title: 'هنوز منتشر نشده برای نشان' });
    expect((await buyer.api.post({ code: 'ty_add_bookmark', ad_id: String(waiting.id) })).statusCode).toBe(404);
    expect((await visitor(t).post({ code: 'ty_add_bookmark', ad_id: String(sale.id) })).statusCode).toBe(401);
  });

  it("Scenario: contacting the publisher opens one conversation titled with the ad, the same on asking again; the publisher's own ad is refused", async () => {
    const buyer = await adCustomer(t, 'خریدار دوم');
    const { conversation_id } = await buyer.api.call('ty_contact_publisher', { ad_id: String(rentCheap.id) });
    expect(await buyer.api.call('ty_contact_publisher', { ad_id: String(rentCheap.id) })).toEqual({ conversation_id });
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, conversation_id));
    expect(row).toMatchObject({ userId: buyer.userId, peerUserId: publisher.userId, title: 'اجاره ارزان نارمک', shopId: realestate.id });
    await buyer.api.call('send_message_to_conversation', { to: String(conversation_id), text_message: 'هنوز خالی است؟' });
    const theirs = await publisher.api.call('get_all_conversations');
    expect(theirs.conversations.find((conversation) => conversation.id === conversation_id)).toMatchObject({ unread_count: 1, last_message: 'هنوز خالی است؟' });
    const own = await publisher.api.post({ code: 'ty_contact_publisher', ad_id: String(rentCheap.id) });
    expect(own.statusCode).toBe(409);
    expect(own.body.result).toBe('ad_own');
  });

  it(`Scenario: reports by ${REPORTS_TO_HOLD} different users hold the ad (off the list, in the queue) and tell the staff; the same user twice counts once`, async () => {
    const target = await published(t, publisher, { city: CITY, title: 'آگهی مشکوک برای گزارش' });
    const reporters = await Promise.all(Array.from({ length: REPORTS_TO_HOLD }, () => adCustomer(t, 'گزارشگر')));
    const short = await reporters[0].api.post({ code: 'ty_report_ad', language: 'en', ad_id: String(target.id), reason: '  a ' });
    expect(short.statusCode).toBe(400);
    expect(short.body.result).toBe('ad_report_reason_required');
    for (const reporter of reporters.slice(0, -1)) {
      expect(await reporter.api.call('ty_report_ad', { ad_id: String(target.id), reason: 'قیمت غیرواقعی است' })).toEqual({ ad_id: target.id, reported: true });
    }
    await reporters[0].api.call('ty_report_ad', { ad_id: String(target.id), reason: 'دوباره گزارش' });
    expect((await visitor(t).call('get_ad_ty', { id: String(target.id) })).status).toBe('approved');
    await reporters.at(-1)!.api.call('ty_report_ad', { ad_id: String(target.id), reason: 'تکراری است' });
    expect((await visitor(t).post({ code: 'get_ad_ty', id: String(target.id) })).statusCode).toBe(404);
    const { api: console } = await moderator(t);
    const queue = await console.call('ads_queue', { status: 'uncertain' });
    const held = queue.ads.find((entry) => entry.ad.id === target.id)!;
    expect(held.reports).toHaveLength(REPORTS_TO_HOLD);
    expect(held.actions).toEqual(['approve', 'reject', 'ask_edit']);
    expect(held.history.map((entry) => [entry.action, entry.by])).toEqual([
      ['submit', 'publisher'],
      ['approve', 'moderator'],
      ['hold', 'system'],
    ]);
    // A held ad cannot be reported further; the publisher's own ad never.
    const before = await footprint(t.db, target.id);
    expect((await reporters[0].api.post({ code: 'ty_report_ad', ad_id: String(target.id), reason: 'باز هم گزارش' })).statusCode).toBe(404);
    expect((await publisher.api.post({ code: 'ty_report_ad', ad_id: String(sale.id), reason: 'گزارش خودم' })).statusCode).toBe(409);
    expect(await footprint(t.db, target.id)).toEqual(before);
    // Approved again: back on the list with its reports forgiven.
    await console.call('ad_moderate', { ad_id: String(target.id), action: 'approve' });
    expect((await t.db.select({ reports: ads.reports }).from(ads).where(eq(ads.id, target.id)))[0].reports).toBe(0);
  });

  it('Scenario: pictures of a published ad are listed with their cover on the card', async () => {
    const [first, second] = await adPictures(t.db, realestate, publisher.userId, 2);
    const ad = await published(t, publisher, { city: CITY, title: 'آگهی با دو عکس', picture_ids: [first, second] });
    const card = (await visitor(t).call('filter_all_ads_ty', { filters: filters({ q: 'دو عکس' }) })).ads[0];
    expect(card).toMatchObject({ id: ad.id, picture_ids: [first, second], cover: { id: first, thumbnail_url: `/media/upload/${first}/thumb` } });
  });
});
