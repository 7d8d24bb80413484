import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AdFilters } from '@contract/endpoints/ads';
import { connect, type Connection } from '../../server/db/connection';
import { ads, type ShopRow } from '../../server/db/schema';
import { createRepositories } from '../../server/repositories';
import { savedFiltersOf } from '../../server/repositories/ad-filter-match';
import { listingIndex, listingIndexStats } from '../../server/repositories/ad-listing-index';
import { rowsOf } from '../../server/repositories/rows-of';
import { shopOf } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { freshDatabase } from './helpers/fresh-database';
import { adCustomer, published, submit, visitor, type AdCustomer } from './helpers/ads';

/*
 * The listing index (docs/classifieds.md, "The listing index"): the list's totals, pages and counts are answered from
 * the shop's published ads held in memory, brought up to date by the listing version. It answers as the tables do,
 * and a change committed by another instance (its own pool of connections; on PGlite, one process, statements
 * written beside the app) shows on the next read, without a count in the database.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;
/** Another instance's connection, writing as psql, a job or another server would. */
let other: Connection['db'];
let closeOther = async () => undefined as void;
let dropDatabase = async () => undefined as void;
let shop: ShopRow;
let publisher: AdCustomer;

beforeAll(async () => {
  if (adminUrl) {
    const database = await freshDatabase(adminUrl, 'adsindex');
    dropDatabase = database.drop;
    const connection = await connect({ url: database.url, dataDir: null });
    t = await createTestApp({ database: { connection, drop: async () => undefined }, seed: false });
    const second = await connect({ url: database.url, dataDir: null });
    other = second.db;
    closeOther = second.close;
  } else {
    t = await createTestApp();
    other = t.db;
  }
  shop = await shopOf(t.db, 'realestate');
  publisher = await adCustomer(t, 'نمایه');
});
afterAll(async () => {
  await t.close();
  await closeOther();
  await dropDatabase();
});

const CITY = 'نمایه‌شهر';

describe('the listing index', () => {
  it('Scenario: its totals, pages in every order and counts are those the tables give, ties and missing amounts included', async () => {
    // 240 published ads with repeated prices and publishing times, and missing rooms, build years and prices.
    await t.db.execute(sql`
      insert into ads (shop_id, code, status, request, type, title, province, city, neighborhood, meterage, rooms, build_year,
                       total_price, deposit, monthly_rent, lat, lng, shown_lat, shown_lng, published_at)
      select ${shop.id}, 'IX-' || g, 'approved', (array['sale','rent','buy','partnership'])[1 + g % 4], (array['apartment','house','office'])[1 + g % 3],
             'نمایه ' || g, 'تهران', ${CITY}, 'محله ' || (g % 5), 40 + g % 7 * 10, case when g % 6 = 0 then null else 1 + g % 3 end,
             case when g % 5 = 0 then null else 1390 + g % 4 end,
             case when g % 4 in (0, 2) and g % 9 <> 0 then 1000000000::bigint * (1 + g % 5) end,
             case when g % 4 = 1 then 500000000::bigint * (1 + g % 3) end, case when g % 4 = 1 then 10000000 * (1 + g % 4) end,
             35.7, 51.4, 35.7, 51.4, timestamp with time zone '2026-11-01 10:00:00.123456+00' + make_interval(secs => (g % 40) * 0.000001)
      from generate_series(1, 240) as g`);
    const repository = createRepositories(t.db, shop).ads;
    const combinations: Partial<AdFilters>[] = [
      {},
      { request: 'sale' },
      { request: 'rent', type: 'house' },
      { neighborhood: 'محله 3', rooms: { min: 2 } },
      { total_price: { max: 3_000_000_000 } },
      { deposit: { min: 1_000_000_000 }, monthly_rent: { max: 30_000_000 } },
      { meterage: { min: 50, max: 80 }, build_year: { min: 1391 } },
      { type: 'office', rooms: { max: 1 } },
      { neighborhood: 'محله نیست' },
    ];
    const sorts = ['newest', 'price_asc', 'price_desc'] as const;
    const [{ version }] = rowsOf<{ version: string }>(await t.db.execute(sql`select version::text from ad_listing_versions where shop_id = ${shop.id}`));
    const index = (await listingIndex(t.db, shop.id, Number(version), { wait: true }))!;
    for (const filters of combinations) {
      const withCity = { ...filters, city: CITY };
      const [{ total }] = rowsOf<{ total: number }>(
        await t.db.execute(sql`select count(*)::int as total from (${repository.pageQuery({ ...withCity, sort: 'newest' }, { offset: 0, length: 1_000 })}) as page`),
      );
      for (const sort of sorts) {
        for (const offset of [0, 10, 35]) {
          const fromTables = (await repository.pageQuery({ ...withCity, sort }, { offset, length: 10 })).map((row) => row.ad.id);
          expect(index.page(savedFiltersOf(withCity), sort, offset, 10), JSON.stringify([withCity, sort, offset])).toEqual({ ids: fromTables, total });
        }
      }
      for (const column of ['request', 'type'] as const) {
        const { [column]: _left, ...others } = withCity;
        const counted = rowsOf<{ key: string; total: number }>(
          await t.db.execute(sql`select ${sql.identifier(column)} as key, count(*)::int as total from (${repository.pageQuery(others, { offset: 0, length: 1_000 })}) as page group by 1`),
        );
        expect(index.countBy(savedFiltersOf(others), column)).toEqual(Object.fromEntries(counted.map((row) => [row.key, row.total])));
      }
    }
  });

  it('Scenario: an approval, an expiry, a delete and a price edited in place by another instance show on the next read, counted in memory', async () => {
    const place = { city: 'شهر دیگر', neighborhood: 'محله دیگر' };
    const first = await published(t, publisher, { ...place, request: 'sale', total_price: 5_000_000_000, deposit: undefined, monthly_rent: undefined });
    const second = await published(t, publisher, { ...place, request: 'sale', total_price: 7_000_000_000, deposit: undefined, monthly_rent: undefined });
    const waiting = await submit(publisher, { ...place, request: 'sale', total_price: 6_000_000_000, deposit: undefined, monthly_rent: undefined });
    let asked = 0;
    /** A page under filters never asked before (so no kept answer serves it): its ids and total. */
    const read = async (filters: object = {}) => {
      asked += 1;
      const page = await visitor(t).call('filter_all_ads_ty', { filters: JSON.stringify({ ...place, ...filters, meterage: { min: 1, max: 1_000 + asked } }) });
      return { ids: page.ads.map((ad) => ad.id), total: page.total };
    };
    const counts = async () => {
      asked += 1;
      return (await visitor(t).call('ty_ad_counts', { filters: JSON.stringify({ ...place, meterage: { max: 1_000 + asked } }) })).request;
    };
    expect(await read()).toEqual({ ids: [second.id, first.id], total: 2 });
    // The shop's first read of all its ads is done (the tables answer while it runs).
    await listingIndex(t.db, shop.id, 0, { wait: true });
    const before = listingIndexStats(t.db);
    const askedBefore = asked;

    // Approved by another instance (a statement, as ad-change.ts writes it).
    await other.update(ads).set({ status: 'approved', publishedAt: new Date(Date.now() + 1_000) }).where(eq(ads.id, waiting.id));
    expect(await read()).toEqual({ ids: [waiting.id, second.id, first.id], total: 3 });
    expect(await counts()).toEqual({ sale: 3 });

    // Expired there.
    await other.update(ads).set({ status: 'expired' }).where(eq(ads.id, first.id));
    expect(await read()).toEqual({ ids: [waiting.id, second.id], total: 2 });

    // A price edited in place (as psql would: the app sends an edit back to review): the price order and bounds follow.
    await other.update(ads).set({ totalPrice: 1_000_000_000 }).where(eq(ads.id, second.id));
    expect(await read({ sort: 'price_asc' })).toEqual({ ids: [second.id, waiting.id], total: 2 });
    expect(await read({ total_price: { min: 5_000_000_000 } })).toEqual({ ids: [waiting.id], total: 1 });

    // Deleted there, row and all.
    await other.delete(ads).where(inArray(ads.id, [waiting.id]));
    expect(await read()).toEqual({ ids: [second.id], total: 1 });
    expect(await counts()).toEqual({ sale: 1 });

    // Every one of those pages, totals and counts was the index's (none counted in the database), brought up to date
    // after each change.
    const after = listingIndexStats(t.db);
    expect(after.answers - before.answers).toBe(asked - askedBefore);
    expect(after.syncs - before.syncs).toBeGreaterThanOrEqual(4);
    // Each caught up from the change log (migration 0018): no bucket was compared again over all the shop's ads, and
    // each read again at most the changed ad's bucket.
    expect(after.checks).toBe(before.checks);
    expect(after.rowsRead - before.rowsRead).toBeLessThanOrEqual(4 * 256);
  });

  it("Scenario: a page's cards are kept beside the index; a title edited in place by another instance and a publisher's new name show on the next read", async () => {
    const place = { city: 'شهر کارت', neighborhood: 'محله کارت' };
    const ad = await published(t, publisher, { ...place, title: 'عنوان نخست' });
    await listingIndex(t.db, shop.id, 0, { wait: true });
    let asked = 0;
    /** A page under filters never asked before (no kept answer serves it): the ad's card. */
    const card = async () => {
      asked += 1;
      const page = await visitor(t).call('filter_all_ads_ty', { filters: JSON.stringify({ ...place, meterage: { min: 1, max: 2_000 + asked } }) });
      return page.ads.find((shown) => shown.id === ad.id)!;
    };
    expect((await card()).title).toBe('عنوان نخست');
    const kept = listingIndexStats(t.db).cards;
    expect(kept).toBeGreaterThan(0);
    // Read again under other filters: the card kept answers (no statement reads it again, so none is added).
    expect((await card()).title).toBe('عنوان نخست');
    expect(listingIndexStats(t.db).cards).toBe(kept);

    await other.update(ads).set({ title: 'عنوان دوم' }).where(eq(ads.id, ad.id));
    expect((await card()).title).toBe('عنوان دوم');

    await publisher.api.call('update_profile', { id: String(publisher.userId), name: 'نام کارت', gender: '1' });
    expect((await card()).publisher.name).toBe('نام کارت');
  });

  it("Scenario: the map's points and clusters are the tables' answers, under the grid's filters and any other", async () => {
    const city = 'نقشه‌شهر';
    await t.db.insert(ads).values(
      Array.from({ length: 340 }, (_, index) => {
        const lat = 35.6 + ((index * 37) % 200) * 0.001;
        const lng = 51.3 + ((index * 53) % 200) * 0.001;
        return {
          shopId: shop.id, userId: publisher.userId, code: `M-${index}`, status: 'approved' as const, request: index % 3 ? ('rent' as const) : ('sale' as const),
          type: index % 4 ? ('apartment' as const) : ('house' as const), title: `نقطه ${index}`, province: 'تهران', city, neighborhood: `محله ${index % 5}`, meterage: 50 + (index % 90),
          totalPrice: index % 3 ? null : 4_000_000_000 + index, deposit: index % 3 ? 900_000_000 + index : null, monthlyRent: index % 3 ? 20_000_000 : null,
          lat, lng, shownLat: lat, shownLng: lng, publishedAt: new Date(Date.UTC(2026, 10, 1) + (index % 50) * 60_000),
        };
      }),
    );
    const version = Number(rowsOf<{ version: string }>(await t.db.execute(sql`select version::text as version from ad_listing_versions where shop_id = ${shop.id}`))[0].version);
    await listingIndex(t.db, shop.id, version, { wait: true });
    const views: { bounds: { north: number; south: number; east: number; west: number }; filters: Partial<AdFilters> }[] = [
      { bounds: { south: 35.6, north: 35.62, west: 51.3, east: 51.33 }, filters: { city } },
      { bounds: { south: 35.6, north: 35.8, west: 51.3, east: 51.5 }, filters: { city } },
      { bounds: { south: 35.6, north: 35.8, west: 51.3, east: 51.5 }, filters: { request: 'rent' } },
      { bounds: { south: 35.6, north: 35.8, west: 51.3, east: 51.5 }, filters: { city, neighborhood: 'محله 2', meterage: { min: 60 } } },
      { bounds: { south: 35.65, north: 35.75, west: 51.35, east: 51.45 }, filters: { city, request: 'sale' } },
    ];
    const before = listingIndexStats(t.db).answers;
    let shownClusters = 0;
    let shownPoints = 0;
    for (const [at, view] of views.entries()) {
      // A filter never asked before, so no kept answer serves it.
      const filters = { ...view.filters, meterage: { ...view.filters.meterage, max: 3_000 + at } };
      const fromIndex = await createRepositories(t.db, shop).ads.inBounds(view.bounds, filters);
      // Inside a transaction the index does not answer: the tables do.
      const fromTables = await t.db.transaction((tx) => createRepositories(tx as never, shop).ads.inBounds(view.bounds, filters));
      expect(fromIndex.total).toBe(fromTables.total);
      expect(fromIndex.points).toEqual(fromTables.points);
      expect(fromIndex.clusters.map((cluster) => cluster.count)).toEqual(fromTables.clusters.map((cluster) => cluster.count));
      fromIndex.clusters.forEach((cluster, index) => {
        expect(cluster.lat).toBeCloseTo(fromTables.clusters[index].lat, 9);
        expect(cluster.lng).toBeCloseTo(fromTables.clusters[index].lng, 9);
      });
      shownClusters += fromIndex.clusters.length;
      shownPoints += fromIndex.points.length;
    }
    // Both shapes were compared, and every view was the index's.
    expect(shownClusters).toBeGreaterThan(0);
    expect(shownPoints).toBeGreaterThan(0);
    expect(listingIndexStats(t.db).answers - before).toBe(views.length);
  });
});
