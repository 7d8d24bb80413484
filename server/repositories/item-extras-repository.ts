import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { itemOptions, shops, type ItemOptionRow, type ShopRow, type StoredShopData } from '../db/schema';

/** An extra as the owner wrote it (no id: a new one); its place in the list is its order. */
export interface ExtraValues {
  id?: number;
  step: number;
  name: string;
  nameEn: string;
  price: number;
  minCount: number;
  maxCount: number;
}

/**
 * The console's writes of a shop's option steps and an item's priced extras (issue 32). Only through the shop's
 * `writeShopData` (repositories/index.ts): every instance's read cache drops the shop once it committed.
 */
export function createItemExtrasRepository(db: Database, shop: ShopRow) {
  const own = eq(itemOptions.shopId, shop.id);
  return {
    /** The shop's steps as stored now, its row locked (another write of them waits). */
    async lockSteps(): Promise<StoredShopData['item_steps']> {
      const [row] = await db.select({ data: shops.data }).from(shops).where(eq(shops.id, shop.id)).for('update');
      return row?.data.item_steps ?? [];
    },

    /** Replaces the shop's steps and nothing else of its data (jsonb_set: the settings' other keys stay as they are). */
    async writeSteps(steps: StoredShopData['item_steps']): Promise<void> {
      await db
        .update(shops)
        .set({ data: sql`jsonb_set(${shops.data}, '{item_steps}', ${JSON.stringify(steps)}::jsonb)` })
        .where(eq(shops.id, shop.id));
    },

    /** The item's extras in their order. */
    async extras(itemId: number): Promise<ItemOptionRow[]> {
      return db.select().from(itemOptions).where(and(own, eq(itemOptions.itemId, itemId))).orderBy(asc(itemOptions.sort), asc(itemOptions.id));
    },

    /**
     * Makes the item's extras the given list: a listed id of the item's is changed in place (a cart's line and an
     * open item page keep naming it), one without id is added, the item's others are removed. Each starts at its
     * minimum count. An id that is not one of the item's extras is added as new.
     */
    async replace(itemId: number, extras: readonly ExtraValues[]): Promise<ItemOptionRow[]> {
      const before = await db.select({ id: itemOptions.id }).from(itemOptions).where(and(own, eq(itemOptions.itemId, itemId))).for('update');
      const owned = new Set(before.map((row) => row.id));
      const kept = extras.flatMap((extra) => (extra.id !== undefined && owned.has(extra.id) ? [extra.id] : []));
      await db.delete(itemOptions).where(and(own, eq(itemOptions.itemId, itemId), ...(kept.length > 0 ? [notInArray(itemOptions.id, kept)] : [])));
      for (const [sort, extra] of extras.entries()) {
        const columns = { step: extra.step, name: extra.name, nameEn: extra.nameEn, price: extra.price, count: extra.minCount, minCount: extra.minCount, maxCount: extra.maxCount, sort };
        if (extra.id !== undefined && owned.has(extra.id)) await db.update(itemOptions).set(columns).where(and(own, eq(itemOptions.id, extra.id)));
        else await db.insert(itemOptions).values({ shopId: shop.id, itemId, ...columns });
      }
      return this.extras(itemId);
    },

    /** Which of `stepIds` some extra of the shop still belongs to. */
    async stepsInUse(stepIds: readonly number[]): Promise<number[]> {
      if (stepIds.length === 0) return [];
      const rows = await db.selectDistinct({ step: itemOptions.step }).from(itemOptions).where(and(own, inArray(itemOptions.step, [...stepIds])));
      return rows.map((row) => row.step);
    },
  };
}
