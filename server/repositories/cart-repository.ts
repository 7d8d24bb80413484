import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { items, orderItems, orders, type ShopRow } from '../db/schema';

/** Order status of a cart still being filled. */
export const OPEN_CART_STATUS = 1;

/** Carts (open orders) of one shop. */
export function createCartRepository(db: Database, shop: ShopRow) {
  return {
    /** The user's newest open cart at this shop, or null. */
    async openCart(userId: number) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.shopId, shop.id), eq(orders.userId, userId), eq(orders.status, OPEN_CART_STATUS)))
        .orderBy(desc(orders.id))
        .limit(1);
      return row ?? null;
    },
    /** The lines of one of this shop's orders, with the item names. */
    lines(orderId: number) {
      return db
        .select({ line: orderItems, name: items.name, nameEn: items.nameEn })
        .from(orderItems)
        .innerJoin(items, and(eq(items.id, orderItems.itemId), eq(items.shopId, shop.id)))
        .where(and(eq(orderItems.shopId, shop.id), eq(orderItems.orderId, orderId)))
        .orderBy(asc(orderItems.id));
    },
  };
}
