import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { sandboxGatewayTransactions } from '../../db/schema';
import type { PaymentGateway } from './gateway';

/** Where the sandbox bank page lives on our own server. */
export const SANDBOX_PATH = '/sandbox-gateway';

/**
 * The built-in sandbox bank: it keeps its own ledger in the database (so a
 * server restart loses nothing), shows a bank-like page with Pay and Cancel,
 * and answers verify from that ledger only. The amount verified must match the amount requested.
 */
export const sandboxGateway: PaymentGateway = {
  name: 'sandbox',
  async request(executor, payment) {
    await executor.insert(sandboxGatewayTransactions).values({
      token: payment.token,
      merchant: payment.merchant,
      amount: payment.amount,
      callbackUrl: payment.callbackUrl,
    });
    return { redirectUrl: `${SANDBOX_PATH}/pay/${encodeURIComponent(payment.token)}` };
  },
  async verify(executor, payment) {
    const [row] = await executor.select().from(sandboxGatewayTransactions).where(eq(sandboxGatewayTransactions.token, payment.token)).for('update');
    if (!row) return { outcome: 'failed', refId: null };
    if (row.state === 'pending') return { outcome: 'waiting', refId: null };
    if (row.state === 'canceled') return { outcome: 'canceled', refId: null };
    if (row.amount !== payment.amount) return { outcome: 'failed', refId: null };
    if (!row.verifiedAt) await executor.update(sandboxGatewayTransactions).set({ verifiedAt: sql`now()` }).where(eq(sandboxGatewayTransactions.token, row.token));
    return { outcome: 'paid', refId: row.refNum };
  },
};

/** A bank-style reference number for a paid sandbox transaction. */
export const sandboxRefNum = (): string => `SB${Date.now().toString(36).toUpperCase()}${randomInt(1_000_000).toString().padStart(6, '0')}`;
