import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { orderItems, orders } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, catalogOf } from './checkout-support/helpers';

let t: TestApp;
const host = 'kebab.localhost';
let catalog: Awaited<ReturnType<typeof catalogOf>>;
beforeAll(async () => {
  t = await createTestApp();
  catalog = await catalogOf(t.db, 'kebab');
});
afterAll(() => t.close());
afterEach(async () => {
  await t.db.execute(sql`drop trigger if exists conflict_once on order_items`);
  await t.db.execute(sql`drop function if exists conflict_once()`);
  await t.db.execute(sql`drop sequence if exists conflict_attempts`);
});

/**
 * The database itself answers the first `times` inserts of a cart line with `code`, as PostgreSQL answers a
 * deadlock's victim or a serialization failure. A sequence counts the attempts: unlike a row, it is not
 * rolled back with the failed transaction.
 */
async function conflictOnLineInsert(code: '40001' | '40P01', times: number) {
  await t.db.execute(sql`create sequence conflict_attempts`);
  await t.db.execute(
    sql.raw(`create function conflict_once() returns trigger language plpgsql as $$
      begin
        if nextval('conflict_attempts') <= ${times} then
          raise exception 'forced conflict' using errcode = '${code}';
        end if;
        return new;
      end $$`),
  );
  await t.db.execute(sql`create trigger conflict_once before insert on order_items for each row execute function conflict_once()`);
}

const attempts = async () => Number(((await t.db.execute(sql`select last_value from conflict_attempts`)) as unknown as { rows: { last_value: string | number }[] }).rows[0].last_value);

describe('a deadlock or serialization failure is run again once, not answered 500', () => {
  for (const [code, what] of [
    ['40P01', 'deadlock'],
    ['40001', 'serialization failure'],
  ] as const) {
    it(`Scenario: a cart add whose first attempt is a ${what} (${code}) is added once, answered 200`, async () => {
      const { userId, cookie } = await t.signIn('kebab');
      await conflictOnLineInsert(code, 1);
      const added = await call(t, host, cookie, 'cart_controller', { item_id: catalog.item('Koobideh kebab').id, count: 2, feature_name: 'Without tomato' });
      expect(added.status).toBe(200);
      expect(await attempts()).toBe(2);
      const lines = await t.db.select({ count: orderItems.itemCount }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(eq(orders.userId, userId));
      expect(lines.map((line) => line.count)).toEqual([2]);
    });
  }

  it('Scenario: a second conflict in a row is not hidden: a 500 envelope, and nothing is written', async () => {
    const { userId, cookie } = await t.signIn('kebab');
    await conflictOnLineInsert('40P01', 2);
    const added = await call(t, host, cookie, 'cart_controller', { item_id: catalog.item('Koobideh kebab').id, count: 1, feature_name: 'Without tomato' });
    expect(added.status).toBe(500);
    expect(await attempts()).toBe(2);
    expect(await t.db.select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
  });
});
