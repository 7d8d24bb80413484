import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as drizzle from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { items, orders, shops } from '../../server/db/schema';
import { compiledSelect, rowMapper } from '../../server/db/compiled-statement';
import { createTestApp, type TestApp } from './helpers/create-test-app';

const { and, eq, sql } = drizzle;
// In Drizzle's JavaScript, not its types.
const { mapResultRow } = drizzle as unknown as { mapResultRow: (fields: unknown, row: unknown[], joins: undefined) => unknown };

// compiledRows maps its rows with rowMapper instead of Drizzle's mapResultRow: the same rows must come out.
describe('rowMapper (db/compiled-statement.ts)', () => {
  const fields = [
    { path: ['order', 'id'], field: orders.id },
    { path: ['order', 'createdAt'], field: orders.createdAt },
    { path: ['order', 'bill'], field: orders.bill },
    { path: ['order', 'deliveryAddress'], field: orders.deliveryAddress },
    { path: ['total'], field: sql<number>`sum(1)`.mapWith(Number) },
    { path: ['named'], field: sql<string>`'x'`.as('named') },
    { path: ['plain'], field: sql`1` },
  ];
  const rows: unknown[][] = [
    [7, '2026-11-26 01:30:00.123+00', { total: 120000 }, null, '42', 'x', 1],
    [8, '2026-01-01 00:00:00+00', null, { label: 'home', lat: 35.7 }, null, null, null],
  ];

  it("maps nested keys, each column's decoder and nulls as Drizzle's mapResultRow does", () => {
    const mapped = rowMapper(fields)(rows);
    expect(mapped).toEqual(rows.map((row) => mapResultRow(fields, row, undefined)));
    expect(mapped[0]).toEqual({
      order: { id: 7, createdAt: new Date('2026-11-26T01:30:00.123Z'), bill: { total: 120000 }, deliveryAddress: null },
      total: 42,
      named: 'x',
      plain: 1,
    });
    expect(mapped[1]).toMatchObject({ order: { bill: null, deliveryAddress: { label: 'home', lat: 35.7 } }, total: null });
  });

  it('gives every row objects of its own', () => {
    const [first, second] = rowMapper<{ order: object }>(fields)(rows);
    expect(first.order).not.toBe(second.order);
  });
});

// compiledSelect answers as Drizzle's own select of the same builder: the same selects run through both.
describe('compiledSelect (db/compiled-statement.ts)', () => {
  let t: TestApp;
  let shopId: number;
  let itemId: number;
  beforeAll(async () => {
    t = await createTestApp();
    [{ id: shopId }] = await t.db.select({ id: shops.id }).from(shops).where(eq(shops.slug, 'kebab'));
    [{ id: itemId }] = await t.db.select({ id: items.id }).from(items).where(eq(items.shopId, shopId)).limit(1);
  });
  afterAll(() => t.close());
  const byPlaceholders = and(eq(items.shopId, sql.placeholder('shopId')), eq(items.id, sql.placeholder('itemId')));
  const byValues = () => and(eq(items.shopId, shopId), eq(items.id, itemId));

  it('maps select() of an inner join as Drizzle does: each table under its name', async () => {
    const joined = new QueryBuilder().select().from(items).innerJoin(shops, eq(shops.id, items.shopId)).where(byPlaceholders);
    const expected = await t.db.select().from(items).innerJoin(shops, eq(shops.id, items.shopId)).where(byValues());
    expect(Object.keys(expected[0])).toEqual(['items', 'shops']);
    expect(await compiledSelect<{ shopId: number; itemId: number }, unknown>(joined)(t.db, { shopId, itemId })).toEqual(expected);
  });

  it('maps a selection with a nested object of fields as Drizzle does', async () => {
    const nested = { item: { id: items.id, name: items.name }, price: items.price };
    const expected = await t.db.select(nested).from(items).where(byValues());
    const compiled = compiledSelect<{ shopId: number; itemId: number }, unknown>(new QueryBuilder().select(nested).from(items).where(byPlaceholders));
    expect(await compiled(t.db, { shopId, itemId })).toEqual(expected);
  });

  it('refuses an outer join at load, whose absent side it would not turn into null', () => {
    const left = new QueryBuilder().select().from(items).leftJoin(shops, eq(shops.id, items.shopId)).where(byPlaceholders);
    expect(() => compiledSelect(left)).toThrow(/left join/);
  });
});
