import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { paymentRefunds, payments, type ShopRow } from '../db/schema';

/** A shop's refunds through its gateway (payment_refunds): one per payment, pending until the bank accepts it. */
export function createPaymentRefundRepository(db: Database, shop: ShopRow) {
  return {
    /** Writes the pending refund of a payment; a second call for the same payment writes nothing (false). */
    async queue(values: { paymentId: number; orderId: number; amount: number; reason: string }): Promise<boolean> {
      const rows = await db
        .insert(paymentRefunds)
        .values({ shopId: shop.id, ...values })
        .onConflictDoNothing({ target: paymentRefunds.paymentId })
        .returning({ id: paymentRefunds.id });
      return rows.length === 1;
    },
    /**
     * The pending refund of a payment with what the bank needs, row-locked; null when it is done, missing, or being
     * asked right now by another instance (SKIP LOCKED: that one settles it).
     */
    async lockedPending(paymentId: number) {
      const [row] = await db
        .select({ refund: paymentRefunds, payment: { gateway: payments.gateway, token: payments.token, amount: payments.amount, gatewayRef: payments.gatewayRef } })
        .from(paymentRefunds)
        .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
        .where(and(eq(paymentRefunds.shopId, shop.id), eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'pending')))
        .for('update', { of: paymentRefunds, skipLocked: true });
      return row ?? null;
    },
    async markDone(id: number, providerRef: string | null, at: Date, attempts: number): Promise<void> {
      await db.update(paymentRefunds).set({ status: 'done', providerRef, doneAt: at, attempts, lastError: null }).where(eq(paymentRefunds.id, id));
    },
    async markFailed(id: number, message: string, attempts: number): Promise<void> {
      await db.update(paymentRefunds).set({ lastError: message.slice(0, 500), attempts }).where(eq(paymentRefunds.id, id));
    },
    /** The refund of an order's payment as the owner and the customer see it, or null. */
    async ofOrder(orderId: number) {
      const [row] = await db
        .select({ status: paymentRefunds.status, amount: paymentRefunds.amount, attempts: paymentRefunds.attempts, doneAt: paymentRefunds.doneAt })
        .from(paymentRefunds)
        .where(and(eq(paymentRefunds.shopId, shop.id), eq(paymentRefunds.orderId, orderId)));
      return row ?? null;
    },
  };
}
