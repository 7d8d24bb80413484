import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { discountCodes, discountUsages, orders, users, type DiscountCodeRow, type ShopRow } from '../db/schema';

/** A code's columns as the owner writes them (server/actions/console/discounts.ts maps the form onto them). */
export type DiscountCodeValues = Pick<
  DiscountCodeRow,
  'code' | 'kind' | 'value' | 'maxAmount' | 'minOrder' | 'firstOrderOnly' | 'onlineOnly' | 'totalLimit' | 'perUserLimit' | 'startsAt' | 'expiresAt'
>;

/** One placed order that used a code, with its customer. */
export interface DiscountUseRow {
  orderId: number;
  trackingCode: string | null;
  status: number;
  placedAt: Date | null;
  bill: Record<string, number | string | null> | null;
  name: string | null;
  mobile: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The shop's discount codes as the owner manages them: every query is scoped to the shop, so another shop's id finds nothing. */
export function createDiscountCodesRepository(db: Database, shop: ShopRow) {
  const ofShop = (id: number) => and(eq(discountCodes.shopId, shop.id), eq(discountCodes.id, id));
  return {
    /** Newest first; `search` matches inside the code, case-insensitively. At most `limit`. */
    async list(search: string | undefined, limit: number): Promise<DiscountCodeRow[]> {
      const where = search ? and(eq(discountCodes.shopId, shop.id), ilike(discountCodes.code, `%${escapeLike(search)}%`)) : eq(discountCodes.shopId, shop.id);
      return db.select().from(discountCodes).where(where).orderBy(desc(discountCodes.id)).limit(limit);
    },
    /** The code, row-locked: a change waits for a checkout holding it, and the other way round. */
    async lock(id: number): Promise<DiscountCodeRow | null> {
      const [row] = await db.select().from(discountCodes).where(ofShop(id)).for('update');
      return row ?? null;
    },
    async read(id: number): Promise<DiscountCodeRow | null> {
      const [row] = await db.select().from(discountCodes).where(ofShop(id));
      return row ?? null;
    },
    /** Null when the shop already has this code (the unique key decides, also between two owners at once). */
    /** The shop's lock of its codes' texts, held to the transaction's end (adds and renames of one shop queue on it). */
    async lockTexts(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`discount_code_texts:${shop.id}`}))`);
    },
    async add(values: DiscountCodeValues, at: Date): Promise<DiscountCodeRow | null> {
      const [row] = await db
        .insert(discountCodes)
        .values({ ...values, shopId: shop.id, createdAt: at })
        .onConflictDoNothing({ target: [discountCodes.shopId, discountCodes.code] })
        .returning();
      return row ?? null;
    },
    async byCode(code: string): Promise<DiscountCodeRow | null> {
      const [row] = await db.select().from(discountCodes).where(and(eq(discountCodes.shopId, shop.id), eq(discountCodes.code, code)));
      return row ?? null;
    },
    async update(id: number, values: Partial<DiscountCodeValues> & { disabledAt?: Date | null }): Promise<DiscountCodeRow> {
      const [row] = await db.update(discountCodes).set(values).where(ofShop(id)).returning();
      return row;
    },
    /** The placed orders that used the code (a canceled order gave its use back: it is not here), newest first. */
    async uses(id: number): Promise<DiscountUseRow[]> {
      return db
        .select({
          orderId: orders.id,
          trackingCode: orders.trackingCode,
          status: orders.status,
          placedAt: orders.placedAt,
          bill: orders.bill,
          name: users.name,
          mobile: users.mobile,
        })
        .from(discountUsages)
        .innerJoin(discountCodes, and(eq(discountCodes.id, discountUsages.discountCodeId), eq(discountCodes.shopId, shop.id)))
        .innerJoin(orders, eq(orders.id, discountUsages.orderId))
        .leftJoin(users, eq(users.id, discountUsages.userId))
        .where(eq(discountUsages.discountCodeId, id))
        .orderBy(desc(discountUsages.id));
    },
  };
}
export type DiscountCodesRepository = ReturnType<typeof createDiscountCodesRepository>;
