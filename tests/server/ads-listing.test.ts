import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { LISTING_CHANGES_KEPT, MAP_CELL_LEVELS } from '@contract/rules/ads';
import { adListingChanges, adListingVersions, ads, type ShopRow } from '../../server/db/schema';
import { createRepositories } from '../../server/repositories';
import { rowsOf } from '../../server/repositories/rows-of';
import { cellOf, cellSize } from '../../server/services/ads/map-grid';
import { shopOf } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { adCustomer, published, submit, visitor, type AdCustomer } from './helpers/ads';

/*
 * What the classifieds keep ahead of their ads for 100,000 of them (docs/classifieds.md, "Reading 100,000 ads"):
 * the map's counted grid (ad_map_cells, migration 0016's trigger) is the grid counted from the ads after every kind
 * of write, the list's kept totals and counts follow every change, and the list's page walks an index in its order.
 */

let t: TestApp;
let realestate: ShopRow;
let publisher: AdCustomer;
const CITY = 'شمارش‌آباد';
const repo = () => createRepositories(t.db, realestate).ads;

beforeAll(async () => {
  t = await createTestApp();
  realestate = await shopOf(t.db, 'realestate');
  publisher = await adCustomer(t, 'شمارنده');
});
afterAll(() => t.close());

/** At every level, for a few filters: the counted cells over the whole earth are the cells counted from the ads. */
async function expectGridAsCounted() {
  for (let level = 0; level < MAP_CELL_LEVELS; level += 1) {
    const size = cellSize(level);
    const earth = { level, size, south: cellOf(-90, size), north: cellOf(90, size), west: cellOf(-180, size), east: cellOf(180, size) };
    for (const filters of [{}, { request: 'rent' as const }, { request: 'sale' as const, type: 'apartment' as const }]) {
      const counted = await repo().countedCells(earth, filters);
      const computed = await repo().cellsOfAds(earth, filters);
      expect(counted.map((cell) => cell.count)).toEqual(computed.map((cell) => cell.count));
      counted.forEach((cell, index) => {
        expect(cell.lat).toBeCloseTo(computed[index].lat, 9);
        expect(cell.lng).toBeCloseTo(computed[index].lng, 9);
      });
    }
  }
}

const cellCount = async (lat: number, lng: number) => {
  const size = cellSize(0);
  const cells = await repo().countedCells({ level: 0, size, south: cellOf(lat, size), north: cellOf(lat, size), west: cellOf(lng, size), east: cellOf(lng, size) }, {});
  return cells.reduce((sum, cell) => sum + cell.count, 0);
};

describe('the map grid counted ahead', () => {
  it('Scenario: after the seed, approvals, a close, a delete, an expiry, a moved point, a bulk insert and a removal, the counted grid is the grid of the published ads', async () => {
    await expectGridAsCounted();
    expect((await repo().countedCells({ level: MAP_CELL_LEVELS - 1, size: cellSize(MAP_CELL_LEVELS - 1), south: -1000, north: 1000, west: -1000, east: 1000 }, {})).length).toBeGreaterThan(0);

    const first = await published(t, publisher, { city: CITY, request: 'sale', total_price: 9_000_000_000, deposit: null, monthly_rent: null, location: { lat: 35.75, lng: 51.42 } });
    const second = await published(t, publisher, { city: CITY, location: { lat: 35.76, lng: 51.43 } });
    const third = await published(t, publisher, { city: CITY, location: { lat: 35.77, lng: 51.44 } });
    const waiting = await submit(publisher, { city: CITY, location: { lat: 35.78, lng: 51.45 } });
    const [shown] = await t.db.select({ lat: ads.shownLat, lng: ads.shownLng }).from(ads).where(eq(ads.id, first.id));
    const before = await cellCount(shown.lat, shown.lng);
    expect(before).toBeGreaterThanOrEqual(1);
    await expectGridAsCounted();

    // The publisher's own changes, through the app.
    await publisher.api.call('ty_ad_action', { ad_id: String(first.id), action: 'close' });
    expect(await cellCount(shown.lat, shown.lng)).toBe(before - 1);
    await publisher.api.call('ty_ad_action', { ad_id: String(second.id), action: 'delete' });
    await expectGridAsCounted();

    // Writes outside the app: an expiry, a moved point, an awaiting ad approved, a bulk insert, a removal.
    await t.db.update(ads).set({ status: 'expired' }).where(eq(ads.id, third.id));
    await t.db.update(ads).set({ status: 'approved', shownLat: 35.791, shownLng: 51.461 }).where(eq(ads.id, waiting.id));
    await t.db.insert(ads).values(
      Array.from({ length: 40 }, (_, index) => {
        const lat = 35.6 + index * 0.0061;
        const lng = 51.25 + index * 0.0087;
        return { shopId: realestate.id, userId: publisher.userId, code: `G-${index}`, status: 'approved' as const, request: index % 2 ? ('rent' as const) : ('sale' as const), type: 'apartment' as const, title: `گروهی ${index}`, province: 'تهران', city: CITY, neighborhood: `محله ${index}`, meterage: 60, lat, lng, shownLat: lat, shownLng: lng, publishedAt: new Date() };
      }),
    );
    await expectGridAsCounted();
    await t.db.update(ads).set({ shownLat: 35.701, shownLng: 51.301 }).where(and(eq(ads.shopId, realestate.id), eq(ads.city, CITY), sql`${ads.title} like 'گروهی 1%'`));
    await t.db.delete(ads).where(and(eq(ads.shopId, realestate.id), eq(ads.city, CITY), sql`${ads.title} like 'گروهی 2%'`));
    await expectGridAsCounted();
  });
});

describe("the list's kept totals", () => {
  it('Scenario: the total and the counts beside the filters follow an approval, an expiry and a removal made outside the app', async () => {
    const place = 'کلیدآباد';
    const api = visitor(t);
    const filters = JSON.stringify({ city: place, request: 'rent' });
    // One ad a page: the total is counted, not told by a short last page.
    const page = () => api.call('filter_all_ads_ty', { filters, offset: '0', length: '1' });
    const counts = () => api.call('ty_ad_counts', { filters: JSON.stringify({ city: place }) });
    await published(t, publisher, { city: place });
    await published(t, publisher, { city: place });
    expect((await page()).total).toBe(2);
    expect((await counts()).request).toEqual({ rent: 2 });

    const third = await published(t, publisher, { city: place });
    expect((await page()).total).toBe(3);
    expect((await counts()).request).toEqual({ rent: 3 });
    await t.db.update(ads).set({ status: 'expired' }).where(eq(ads.id, third.id));
    expect((await page()).total).toBe(2);
    expect((await counts()).request).toEqual({ rent: 2 });
    await t.db.update(ads).set({ request: 'sale' }).where(and(eq(ads.shopId, realestate.id), eq(ads.city, place), eq(ads.status, 'approved'), sql`${ads.id} = (select max(id) from ads where city = ${place} and status = 'approved')`));
    expect((await page()).total).toBe(1);
    expect((await counts()).request).toEqual({ rent: 1, sale: 1 });
    await t.db.delete(ads).where(and(eq(ads.shopId, realestate.id), eq(ads.city, place), eq(ads.request, 'rent'), eq(ads.status, 'approved')));
    expect(await page()).toMatchObject({ ads: [], total: 0 });
  });
});

describe("the list's plans", () => {
  it("Scenario: a page newest first walks a list index in its order: no sort and no sequential scan of ads, whatever the filters", async () => {
    for (const filters of [{}, { request: 'rent' as const }, { request: 'rent' as const, type: 'apartment' as const }, { request: 'rent' as const, meterage: { min: 60 }, monthly_rent: { max: 300_000_000 } }]) {
      const query = repo().pageQuery({ ...filters, sort: 'newest' }, { offset: 20, length: 10 }).getSQL();
      // Sequential scans, bitmap scans and sorts off: on a small table a scan and a sort of its few rows win (CI's
      // PostgreSQL chose a bitmap scan and a Sort of 22), and the question is whether an index gives the order. A
      // plan that must sort still sorts with them off: the old order (NULLS FIRST, which no index has) does.
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        return rowsOf<Record<string, string>>(await tx.execute(sql`explain ${query}`)).map((row) => Object.values(row)[0]);
      });
      const text = plan.join('\n');
      expect(text, text).toMatch(/Index (Only )?Scan (Backward )?using ads_listed\w* on ads/);
      expect(text, text).not.toMatch(/Sort/);
      expect(text, text).not.toMatch(/Seq Scan on ads/);
    }
  });
});

describe('which ads each version changed', () => {
  const changedAt = async () => {
    const [{ version }] = await t.db.select({ version: adListingVersions.version }).from(adListingVersions).where(eq(adListingVersions.shopId, realestate.id));
    const rows = await t.db.select({ adId: adListingChanges.adId }).from(adListingChanges).where(and(eq(adListingChanges.shopId, realestate.id), eq(adListingChanges.version, version)));
    return rows.map((row) => row.adId).sort((a, b) => a - b);
  };

  it('Scenario: an approval, an edit of a listed ad, a bulk change and a removal each record the ids they changed at the version they made', async () => {
    const place = 'نسخه‌آباد';
    const first = await published(t, publisher, { city: place });
    expect(await changedAt()).toEqual([first.id]);
    const second = await published(t, publisher, { city: place });
    await t.db.update(ads).set({ meterage: 77 }).where(eq(ads.id, first.id));
    expect(await changedAt()).toEqual([first.id]);
    await t.db.update(ads).set({ meterage: 88 }).where(and(eq(ads.shopId, realestate.id), eq(ads.city, place)));
    expect(await changedAt()).toEqual([first.id, second.id].sort((a, b) => a - b));
    await t.db.delete(ads).where(eq(ads.id, second.id));
    expect(await changedAt()).toEqual([second.id]);
  });

  it('Scenario: the trigger keeps as many versions as the rule says', () => {
    const migration = readFileSync(new URL('../../server/db/migrations/0018_listing_changes_post_drafts.sql', import.meta.url), 'utf8');
    expect(migration).toContain(`c.version <= v.version - ${LISTING_CHANGES_KEPT}`);
  });
});
