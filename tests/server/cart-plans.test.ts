import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { OrderStatus } from '@contract/entities/order';
import { items, orders, shops } from '../../server/db/schema';
import { cartWithLines } from '../../server/repositories/cart-statements';
import { createTestApp, type TestApp } from './helpers/create-test-app';

// The plan PostgreSQL keeps for a named statement is generic (its values unknown when planned). The cart's lookup
// must stay one or two index entries however many orders its customer has placed: every cart write reads it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type PlanNode = { 'Relation Name'?: string; Alias?: string; 'Index Name'?: string; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The generic plan of `statement` run with `values`, as EXPLAIN ANALYZE reports it (one connection: a transaction). */
async function genericPlan(statement: { text: string; paramsOf: (values: never) => unknown[] }, values: Record<string, unknown>): Promise<PlanNode> {
  const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`);
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare cart_plan as ${statement.text}`));
    try {
      const { rows } = (await tx.execute(sql.raw(`explain (analyze, format json) execute cart_plan(${statement.paramsOf(values as never).map(literal).join(', ')})`))) as unknown as {
        rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
      };
      const plan = rows[0]['QUERY PLAN'];
      return (typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan;
    } finally {
      await tx.execute(sql`deallocate cart_plan`);
    }
  });
}

describe("the cart's lookup by its customer", () => {
  it('Scenario: a customer with 300 placed orders: the lookup reads only the open cart, through orders_open_cart', async () => {
    const { userId, cookie } = await t.signIn('kebab');
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const placed = Array.from({ length: 300 }, () => ({ shopId: kebab.id, userId, status: OrderStatus.completed }));
    await t.db.insert(orders).values(placed);
    const [product] = await t.db.select().from(items).where(and(eq(items.shopId, kebab.id), eq(items.nameEn, 'Barg kebab')));
    const added = await t.call('kebab.localhost', { code: 'cart_controller', item_id: String(product.id) }, { headers: { cookie } });
    expect(added.statusCode).toBe(200);
    const cartId = (added.json() as { data: { order: { id: number } } }).data.order.id;

    const values = { shopId: kebab.id, owner: userId };
    const [found] = await cartWithLines.user.locked(t.db, values);
    expect(found.order.id).toBe(cartId);
    expect(found.placedBefore).toBe(true);

    const plan = await genericPlan(cartWithLines.user.locked, values);
    const lookup = nodesOf(plan).filter((node) => node['Relation Name'] === 'orders' && node.Alias === 'orders');
    expect(lookup).toHaveLength(1);
    expect(lookup[0]['Index Name']).toBe('orders_open_cart');
    expect(lookup[0]['Rows Removed by Filter'] ?? 0).toBeLessThanOrEqual(1);
  });
});
