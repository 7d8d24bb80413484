import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { shops, type ShopRow } from '../db/schema';

/** The only unscoped shop reads: resolving the tenant from a host, a snapshot's own row, counting shops for the seed, masters of changed shops. */
export const shopDirectory = {
  /** The shop with this slug, or null. */
  async findBySlug(db: Database, slug: string): Promise<ShopRow | null> {
    const [row] = await db.select().from(shops).where(eq(shops.slug, slug)).limit(1);
    return row ?? null;
  },
  /** The shop with this id as the database has it now, or null. */
  async findById(db: Database, id: number): Promise<ShopRow | null> {
    const [row] = await db.select().from(shops).where(eq(shops.id, id)).limit(1);
    return row ?? null;
  },
  /** How many shops exist (0 means the database still needs its demo seed). */
  async count(db: Database): Promise<number> {
    const [row] = await db.select({ total: count() }).from(shops);
    return row.total;
  },
  /** The ids of every shop. */
  async ids(db: Database): Promise<number[]> {
    return (await db.select({ id: shops.id }).from(shops)).map((row) => row.id);
  },
  /** The masters of these shops (a master's get_shop lists its branches). */
  async mastersOf(db: Database, shopIds: readonly number[]): Promise<number[]> {
    if (shopIds.length === 0) return [];
    const rows = await db.select({ masterId: shops.masterId }).from(shops).where(and(inArray(shops.id, [...shopIds]), isNotNull(shops.masterId)));
    return rows.map((row) => row.masterId!);
  },
  /** Every shop's slug and names, for the start-up log. */
  async list(db: Database): Promise<Pick<ShopRow, 'slug' | 'name' | 'nameEn' | 'interfaceId' | 'masterId'>[]> {
    return db
      .select({ slug: shops.slug, name: shops.name, nameEn: shops.nameEn, interfaceId: shops.interfaceId, masterId: shops.masterId })
      .from(shops)
      .orderBy(asc(shops.id));
  },
};
