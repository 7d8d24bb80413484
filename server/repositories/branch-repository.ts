import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { shops, type ShopRow } from '../db/schema';

/** Branches of the shop it was built for (the shop itself when it is a master). */
export function createBranchRepository(db: Database, shop: ShopRow) {
  return {
    /** The branch shops of this master shop, in id order; empty for a shop that is not a master. */
    async list(): Promise<ShopRow[]> {
      if (shop.masterFlag !== 1) return [];
      return db.select().from(shops).where(and(eq(shops.masterId, shop.id), eq(shops.rootId, shop.id))).orderBy(asc(shops.id));
    },
  };
}
