import { describe, expect, it } from 'vitest';
import * as drizzle from 'drizzle-orm';
import { orders } from '../../server/db/schema';
import { rowMapper } from '../../server/db/compiled-statement';

const { sql } = drizzle;
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
