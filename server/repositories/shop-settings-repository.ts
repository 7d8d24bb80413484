import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { shops, type NewShopRow, type ShopRow } from '../db/schema';

/** The shop row's columns the owner's settings write (issue 32). */
export type ShopSettingsValues = Partial<Pick<NewShopRow, 'shiftOpen' | 'opensAt' | 'closesAt' | 'closedUntil'>>;

/**
 * The owner's settings of the shop, read from its row, never from a cached shop (the form shows what is stored).
 * Writes run inside writeShopData (Repositories.writeShop): every instance drops the shop once they committed.
 */
export function createShopSettingsRepository(db: Database, shop: ShopRow) {
  return {
    async read(): Promise<ShopRow> {
      const [row] = await db.select().from(shops).where(eq(shops.id, shop.id));
      return row;
    },
    async write(values: ShopSettingsValues): Promise<ShopRow> {
      const [row] = await db.update(shops).set(values).where(eq(shops.id, shop.id)).returning();
      return row;
    },
  };
}
