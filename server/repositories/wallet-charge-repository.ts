import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { walletCharges, type ShopRow, type WalletChargeRow } from '../db/schema';

/** The wallet top-ups through the gateway (spec §4's operation charge) of the shop's root. */
export function createWalletChargeRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  return {
    async insert(values: { userId: number; gateway: string; amount: number; token: string; redirectUrl: string; gatewayRef: string | null; at: Date }): Promise<WalletChargeRow> {
      const [row] = await db
        .insert(walletCharges)
        .values({ rootId, shopId: shop.id, userId: values.userId, gateway: values.gateway, amount: values.amount, token: values.token, redirectUrl: values.redirectUrl, gatewayRef: values.gatewayRef, createdAt: values.at })
        .returning();
      return row;
    },

    /** The user's own attempt by token, row-locked when `forUpdate` (inside a transaction): a return and a second callback take turns. */
    async byToken(userId: number, token: string, forUpdate = false): Promise<WalletChargeRow | null> {
      const query = db
        .select()
        .from(walletCharges)
        .where(and(eq(walletCharges.rootId, rootId), eq(walletCharges.userId, userId), eq(walletCharges.token, token)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    /** Settles a requested attempt (paid, canceled or failed). */
    async settle(id: number, status: 'paid' | 'canceled' | 'failed', refId: string | null, at: Date): Promise<void> {
      await db.update(walletCharges).set({ status, refId, settledAt: at }).where(and(eq(walletCharges.id, id), eq(walletCharges.status, 'requested')));
    },
  };
}
