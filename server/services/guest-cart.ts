import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { OrderStatus } from '@contract/entities/order';
import type { Database } from '../db/connection';
import { orderItems, orders, type ShopRow } from '../db/schema';

/** The anonymous visitor's cart cookie (httpOnly, set on the first cart write). */
export const GUEST_COOKIE = 'gid';
/** A guest cart cookie lives 30 days. */
export const GUEST_COOKIE_SECONDS = 30 * 24 * 3600;

/** A new random guest token (>= 128 bits). */
export const newGuestToken = (): string => randomBytes(24).toString('base64url');

/** The stored key of a guest token: its sha256, so a database leak gives no usable cookie. */
export const guestIdOf = (token: string): string => createHash('sha256').update(`gid:${token}`).digest('hex');

const sameLine = (a: typeof orderItems.$inferSelect, b: typeof orderItems.$inferSelect) =>
  a.itemId === b.itemId &&
  a.feature === b.feature &&
  a.color === b.color &&
  JSON.stringify(a.size) === JSON.stringify(b.size) &&
  JSON.stringify(a.comment) === JSON.stringify(b.comment);

/**
 * Moves a guest's open cart into the account's cart when the guest logs in
 * (issue 5: "an anonymous visitor fills a cart and keeps it through login").
 * No account cart: the guest cart becomes the account's. Otherwise each guest
 * line joins the account cart (same choice: counts add up) and the guest cart goes.
 */
export async function mergeGuestCart(db: Database, shop: ShopRow, guestToken: string | undefined, userId: number): Promise<void> {
  if (!guestToken) return;
  const guestId = guestIdOf(guestToken);
  const [guest] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shop.id), eq(orders.guestId, guestId), eq(orders.status, OrderStatus.choosingProduct)))
    .orderBy(desc(orders.id))
    .limit(1);
  if (!guest) return;
  const [mine] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shop.id), eq(orders.userId, userId), inArray(orders.status, [OrderStatus.choosingProduct, OrderStatus.awaitingLocationAndPayment])))
    .orderBy(desc(orders.id))
    .limit(1)
    .for('update');
  if (!mine) {
    await db.update(orders).set({ userId, guestId: null }).where(eq(orders.id, guest.id));
    return;
  }
  const theirs = await db.select().from(orderItems).where(and(eq(orderItems.shopId, shop.id), eq(orderItems.orderId, guest.id))).orderBy(asc(orderItems.id));
  const existing = await db.select().from(orderItems).where(and(eq(orderItems.shopId, shop.id), eq(orderItems.orderId, mine.id)));
  for (const line of theirs) {
    const match = existing.find((candidate) => sameLine(candidate, line));
    if (match) {
      match.itemCount += line.itemCount;
      await db.update(orderItems).set({ itemCount: match.itemCount }).where(eq(orderItems.id, match.id));
    } else {
      await db.update(orderItems).set({ orderId: mine.id }).where(eq(orderItems.id, line.id));
    }
  }
  await db.delete(orders).where(eq(orders.id, guest.id));
}
