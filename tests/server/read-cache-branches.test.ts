import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db/connection';
import { shops, type ShopRow } from '../../server/db/schema';
import { createReadCache } from '../../server/repositories/read-cache';
import { writeShopData } from '../../server/repositories/shop-changes';
import { publishShopChanged } from '../../server/services/events/topics';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * A master's get_shop lists its branches' rows, so its snapshot changes when a branch joins, leaves or changes,
 * whichever shop the announcement names and whenever the change lands during a load (docs/server.md, "Caching").
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shopRow = async (slug: string) => (await t.db.select().from(shops).where(eq(shops.slug, slug)))[0];
const branchSlugs = async (slug: string) =>
  (await t.call(`${slug}.localhost`, { code: 'get_shop', language: 'fa' })).json().data.branches.map((branch: { slug: string }) => branch.slug) as string[];

/** A new open branch of `master`, made from one of chain's branches. */
async function branchValues(master: ShopRow, slug: string) {
  const chain = await shopRow('chain');
  const [template] = await t.db.select().from(shops).where(eq(shops.masterId, chain.id)).limit(1);
  const { id: _id, createdAt: _createdAt, ...values } = template;
  return { ...values, slug, masterId: master.id, rootId: master.id, status: 1 };
}

/** t.db whose snapshot loads read at once but answer only when `release` is called. */
function heldLoads() {
  let read!: () => void;
  const loaded = new Promise<void>((resolve) => (read = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const db = new Proxy(t.db, {
    get(target, property) {
      if (property === 'transaction') {
        return async (...args: Parameters<Database['transaction']>) => {
          const result = await target.transaction(...args);
          read();
          await gate;
          return result;
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as Database;
  return { db, loaded, release };
}

describe("a master's branch list in the read cache", () => {
  it('Scenario: a branch added and announced alone (as by hand with pg_notify) is listed by its master at once', async () => {
    const chain = await shopRow('chain');
    expect(await branchSlugs('chain')).not.toContain('chain-karaj');
    const [added] = await t.db.insert(shops).values(await branchValues(chain, 'chain-karaj')).returning();
    // The announcement names the shop written, not its master.
    await publishShopChanged(t.app.events, [added.id]);
    expect(await branchSlugs('chain')).toContain('chain-karaj');
    await t.db.delete(shops).where(eq(shops.id, added.id));
    await publishShopChanged(t.app.events, [added.id]);
    expect(await branchSlugs('chain')).not.toContain('chain-karaj');
  });

  it('Scenario: a branch that leaves while its master is loading is not kept in the master\'s list', async () => {
    const chain = await shopRow('chain');
    const [branch] = await t.db.select().from(shops).where(eq(shops.masterId, chain.id)).limit(1);
    const held = heldLoads();
    const cache = createReadCache(held.db, t.app.events);
    const loading = cache.snapshot(chain);
    await held.loaded;
    // Committed and announced while the load's rows are on their way; the announcement names the branch (it has no master now).
    await writeShopData(t.db, t.app.events, [branch.id], (tx) => tx.update(shops).set({ masterId: null, rootId: branch.id }).where(eq(shops.id, branch.id)));
    held.release();
    // Whoever asked before the change gets the rows read before it...
    expect((await loading)!.branches.map((row) => row.id)).toContain(branch.id);
    // ...but they are not kept: the next read is the database's.
    expect((await cache.snapshot(chain))!.branches.map((row) => row.id)).not.toContain(branch.id);
    cache.close();
    await writeShopData(t.db, t.app.events, [branch.id], (tx) => tx.update(shops).set({ masterId: branch.masterId, rootId: branch.rootId }).where(eq(shops.id, branch.id)));
    expect(await branchSlugs('chain')).toContain(branch.slug);
  });

  it('Scenario: a snapshot loaded with a shop row read before a change lists the branches the database has', async () => {
    const before = await shopRow('kebab');
    expect(await branchSlugs('kebab')).toEqual([]);
    // kebab becomes a master with one branch, committed and announced.
    const branch = await branchValues(before, 'kebab-north');
    await writeShopData(t.db, t.app.events, [before.id], async (tx) => {
      await tx.update(shops).set({ masterFlag: 1 }).where(eq(shops.id, before.id));
      await tx.insert(shops).values(branch);
    });
    // A request that resolved its shop before the change reads its snapshot after it (a signed-in one waits for its
    // session between the two): the snapshot it loads is kept for everyone.
    expect((await t.app.readCache.snapshot(before))!.branches.map((row) => row.slug)).toEqual(['kebab-north']);
    expect(await branchSlugs('kebab')).toEqual(['kebab-north']);
  });
});
