import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { connect } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';
import { forms, itemOptions, items, media, shops, staff, users } from '../../server/db/schema';
import { seedDemoShops } from '../../server/seed';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
beforeAll(async () => {
  // The seed itself is under test: run it here rather than copy the run's seeded database.
  t = await createTestApp({ seed: 'fresh' });
});
afterAll(() => t.close());

async function totals() {
  const [shopCount] = await t.db.select({ total: count() }).from(shops);
  const [itemCount] = await t.db.select({ total: count() }).from(items);
  const [mediaCount] = await t.db.select({ total: count() }).from(media);
  const [formCount] = await t.db.select({ total: count() }).from(forms);
  return [shopCount.total, itemCount.total, mediaCount.total, formCount.total];
}

async function itemOf(slug: string, nameEn: string) {
  const [row] = await t.db
    .select({ item: items })
    .from(items)
    .innerJoin(shops, eq(shops.id, items.shopId))
    .where(and(eq(shops.slug, slug), eq(items.nameEn, nameEn)));
  return row.item;
}

describe('the demo seed', () => {
  it('Scenario: seeding again (a restart) changes nothing', async () => {
    const before = await totals();
    expect(before[0]).toBe(14);
    expect(await seedDemoShops(t.db)).toEqual({ seeded: false, staffLogins: [] });
    expect(await totals()).toEqual(before);
  });

  it('Scenario: a database from before the console gets one owner per root shop at its next start, once', async () => {
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const owners = await t.db.select().from(staff);
    await t.db.delete(staff).where(eq(staff.rootId, kebab.id));
    const { seeded, staffLogins } = await seedDemoShops(t.db);
    expect(seeded).toBe(false);
    expect(staffLogins).toEqual([{ slug: 'kebab', username: 'admin', password: 'demo-kebab' }]);
    expect(await t.db.select().from(staff)).toHaveLength(owners.length);
    expect((await seedDemoShops(t.db)).staffLogins).toEqual([]);
  });

  it('Scenario: the kebab shop sells by the skewer, sizes its pizza, and bounds its sauces', async () => {
    expect((await itemOf('kebab', 'Koobideh kebab')).unit).toBe('skewer');
    const pizza = await itemOf('kebab', 'Special pizza');
    expect(pizza.data.sizes.map((size) => size.name_en)).toEqual(['24 cm', '30 cm']);
    expect(pizza.data.sizes[0].price).toBeLessThan(pizza.data.sizes[1].price);
    const drink = await itemOf('kebab', 'Soft drink');
    expect(drink.data.features.length).toBeGreaterThan(0);
    expect(drink.data.colors.length).toBeGreaterThan(0);
    const fries = await itemOf('kebab', 'French fries');
    const options = await t.db.select().from(itemOptions).where(eq(itemOptions.itemId, fries.id));
    expect(options.length).toBeGreaterThanOrEqual(3);
    expect(new Set(options.map((option) => option.step))).toEqual(new Set([1]));
    expect(options.some((option) => option.maxCount !== options[0].maxCount)).toBe(true);
    for (const option of options) expect(option.minCount).toBeLessThanOrEqual(option.maxCount);
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    expect(kebab.data.item_steps[0]).toMatchObject({ id: 1, min_count: 1, max_count: 3, name: { fa: 'انتخاب سس', en: 'Choose sauces' } });
  });

  it('Scenario: the skincare shop stores the routine finder (form 2) and the cafe the demo survey (3); the franchise form is never stored', async () => {
    const rows = await t.db.select({ id: forms.id, kind: forms.kind, slug: shops.slug }).from(forms).innerJoin(shops, eq(shops.id, forms.shopId)).orderBy(forms.id);
    expect(rows).toEqual([
      { id: 2, kind: 'form', slug: 'skincare' },
      { id: 3, kind: 'survey', slug: 'cafe' },
    ]);
  });

  it('Scenario: the nuts shop sells by kg and by g', async () => {
    const rows = await t.db.select({ unit: items.unit }).from(items).innerJoin(shops, eq(shops.id, items.shopId)).where(eq(shops.slug, 'nuts'));
    expect(rows.map((row) => row.unit)).toEqual(expect.arrayContaining(['kg', 'g']));
  });

  it('Scenario: pictures are generated SVG stored with their shop', async () => {
    const rows = await t.db.select().from(media).limit(20);
    for (const row of rows) {
      expect(row.contentType).toBe('image/svg+xml');
      expect(row.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(row.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    }
  });

  // The embedded database alone is under test (no TEST_DATABASE_URL in it), so the PostgreSQL run of
  // the server suite leaves its two start-ups from disk to the PGlite run instead of repeating them.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('Scenario: a restart of the embedded database (DATA_DIR) keeps every row', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-restart-'));
    try {
      const first = await connect({ url: null, dataDir });
      await migrate(first);
      expect(await seedDemoShops(first.db)).toMatchObject({ seeded: true });
      const [kebab] = await first.db.select().from(shops).where(eq(shops.slug, 'kebab'));
      await first.db.insert(users).values({ rootId: kebab.id, mobile: '09120000001', name: 'مشتری ماندگار' });
      const [before] = await first.db.select({ total: count() }).from(items);
      await first.close();

      const second = await connect({ url: null, dataDir });
      await migrate(second);
      expect(await seedDemoShops(second.db)).toMatchObject({ seeded: false });
      const [after] = await second.db.select({ total: count() }).from(items);
      expect(after.total).toBe(before.total);
      const kept = await second.db.select().from(users).where(eq(users.mobile, '09120000001'));
      expect(kept.map((user) => user.name)).toEqual(['مشتری ماندگار']);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A whole migration and seed into a folder on disk: 20-25 s alone on this 2-core machine, more beside the e2e suite.
  }, 90_000);
});
