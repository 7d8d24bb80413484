import { and, asc, eq, or } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { checkoutSettings, shops, type NewShopRow, type ShopRow } from '../db/schema';

/** The shop row's columns the owner's settings write (issue 32). */
export type ShopSettingsValues = Partial<Pick<NewShopRow, 'shiftOpen' | 'opensAt' | 'closesAt' | 'closedUntil' | 'deliveryMethods' | 'forceLogin' | 'accessRequest' | 'digitalMenuEn' | 'agreementPage' | 'stateOfDevelopment' | 'data' | 'texts'>>;

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
    /** The rows whose service area the owner sets: the shop and, at a master, its branches (id order after the shop). */
    async areaRows(): Promise<ShopRow[]> {
      const rows = await db.select().from(shops).where(or(eq(shops.id, shop.id), and(eq(shops.masterId, shop.id), eq(shops.rootId, shop.id)))).orderBy(asc(shops.id));
      return [...rows.filter((row) => row.id === shop.id), ...rows.filter((row) => row.id !== shop.id)];
    },
    /** One area row's point and radius (an id areaRows listed). */
    async writeArea(id: number, values: Pick<NewShopRow, 'lat' | 'lng' | 'radiusService'>): Promise<void> {
      await db.update(shops).set(values).where(eq(shops.id, id));
    },
    /** The minimum order (rial; 0 when the shop has no checkout settings row). */
    async minOrder(): Promise<number> {
      const [row] = await db.select({ minOrder: checkoutSettings.minOrder }).from(checkoutSettings).where(eq(checkoutSettings.shopId, shop.id));
      return row?.minOrder ?? 0;
    },
    async writeMinOrder(minOrder: number): Promise<void> {
      await db.insert(checkoutSettings).values({ shopId: shop.id, minOrder }).onConflictDoUpdate({ target: checkoutSettings.shopId, set: { minOrder } });
    },
  };
}
