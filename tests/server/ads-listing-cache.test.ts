import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adListingVersions, ads } from '../../server/db/schema';
import { adListingStats, createAdTotals } from '../../server/repositories/ad-totals';
import { shopOf } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { adCustomer, moderator, published, submit, visitor, type AdCustomer } from './helpers/ads';

/*
 * The list's and the map's answers kept per version of the shop's published ads (docs/classifieds.md, "Reading
 * 100,000 ads"): a repeat is answered from memory, and the first read after a change committed (an approval, an
 * expiry written outside the app, a delete, a publisher's new name) shows it. A signed-in reader's bookmarks and
 * own exact point are theirs, whatever answer was kept.
 */

let t: TestApp;
let publisher: AdCustomer;
let reader: AdCustomer;
const CITY = 'حافظه‌آباد';
const listFilters = JSON.stringify({ city: CITY, request: 'rent', meterage: { min: 50 } });
const box = JSON.stringify({ north: 35.8, south: 35.7, east: 51.5, west: 51.3 });

beforeAll(async () => {
  t = await createTestApp();
  publisher = await adCustomer(t, 'نگه‌دارنده');
  reader = await adCustomer(t, 'خواننده');
});
afterAll(() => t.close());

const replies = () => adListingStats(t.db).replies;
const listIds = async (api = visitor(t)) => (await api.call('filter_all_ads_ty', { filters: listFilters })).ads.map((ad) => ad.id);
const mapIds = async () => (await visitor(t).call('get_ads_by_location', { location: box, filters: JSON.stringify({ city: CITY }) })).points.map((point) => point.id);

describe('the list and the map kept per version of the published ads', () => {
  it('Scenario: a repeat is kept; an approval, an expiry outside the app and a delete show on the next identical read', async () => {
    const first = await published(t, publisher, { city: CITY, location: { lat: 35.75, lng: 51.4 } });
    expect(await listIds()).toEqual([first.id]);
    expect(await mapIds()).toEqual([first.id]);
    const before = replies();
    expect(await listIds()).toEqual([first.id]);
    expect(await mapIds()).toEqual([first.id]);
    // Both answered from memory: nothing was read again.
    expect(replies().hits - before.hits).toBe(2);
    expect(replies().misses - before.misses).toBe(0);

    // Approved: the next identical read shows it, on the list and on the map.
    const second = await submit(publisher, { city: CITY, location: { lat: 35.76, lng: 51.41 } });
    expect(await listIds()).toEqual([first.id]);
    const { api } = await moderator(t);
    await api.call('ad_moderate', { ad_id: String(second.id), action: 'approve' });
    expect(await listIds()).toEqual([second.id, first.id]);
    expect(await mapIds()).toEqual([second.id, first.id]);

    // Expired by a hand-written statement (no event, no announcement): the version the trigger grows tells.
    await t.db.update(ads).set({ status: 'expired' }).where(eq(ads.id, first.id));
    expect(await listIds()).toEqual([second.id]);
    expect(await mapIds()).toEqual([second.id]);

    // Deleted by its publisher.
    await publisher.api.call('ty_ad_action', { ad_id: String(second.id), action: 'delete' });
    expect(await listIds()).toEqual([]);
    expect(await mapIds()).toEqual([]);
  });

  it("Scenario: a signed-in reader's bookmark and a publisher's own exact point are theirs; a publisher's new name shows at once", async () => {
    const ad = await published(t, publisher, { city: CITY, location: { lat: 35.77, lng: 51.42 } });
    const cardOf = async (customer: AdCustomer | null) => (await (customer ? customer.api : visitor(t)).call('filter_all_ads_ty', { filters: listFilters })).ads.find((card) => card.id === ad.id)!;
    const anonymous = await cardOf(null);
    expect(anonymous.bookmarked).toBe(false);

    await reader.api.call('ty_add_bookmark', { ad_id: String(ad.id) });
    const before = replies();
    expect((await cardOf(reader)).bookmarked).toBe(true);
    expect((await cardOf(null)).bookmarked).toBe(false);
    // The same kept answer served both.
    expect(replies().misses - before.misses).toBe(0);
    await reader.api.call('ty_remove_bookmark', { ad_id: String(ad.id) });
    expect((await cardOf(reader)).bookmarked).toBe(false);

    // The publisher sees the exact point, everyone else the shown one.
    const [row] = await t.db.select().from(ads).where(eq(ads.id, ad.id));
    expect((await cardOf(publisher)).location).toEqual({ lat: row.lat, lng: row.lng });
    expect((await cardOf(reader)).location).toEqual({ lat: row.shownLat, lng: row.shownLng });

    await publisher.api.call('update_profile', { id: String(publisher.userId), name: 'نام تازه', gender: '1' });
    expect((await cardOf(null)).publisher.name).toBe('نام تازه');
  });

  it("Scenario: readers at once share the version's read; a read asked after a change committed sees it", async () => {
    const shop = await shopOf(t.db, 'realestate');
    const totals = createAdTotals(t.db, shop.id);
    const before = adListingStats(t.db).versionReads;
    const versions = await Promise.all(Array.from({ length: 10 }, () => totals.version()));
    expect(new Set(versions).size).toBe(1);
    // One read, and at most one more queued behind it: not ten.
    expect(adListingStats(t.db).versionReads - before).toBeLessThanOrEqual(2);

    // A read under way may have started before the change: a caller after the commit gets a read of its own.
    const running = totals.version();
    await t.db.update(adListingVersions).set({ version: sql`${adListingVersions.version} + 1` }).where(eq(adListingVersions.shopId, shop.id));
    expect(await totals.version()).toBe(versions[0] + 1);
    await running;
  });
});
