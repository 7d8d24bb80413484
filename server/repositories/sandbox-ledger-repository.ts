import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { sandboxGatewayTransactions } from '../db/schema';

/** The sandbox bank's ledger (services/payments/sandbox.ts): its rows belong to the bank, keyed by our payment token. */
export function createSandboxLedgerRepository(db: Database) {
  return {
    async insert(values: { token: string; merchant: string; amount: number; callbackUrl: string }): Promise<void> {
      await db.insert(sandboxGatewayTransactions).values(values);
    },
    /** The row of a token, locked to the end of the transaction; null when the bank never saw it. */
    async lockedRow(token: string) {
      const [row] = await db.select().from(sandboxGatewayTransactions).where(eq(sandboxGatewayTransactions.token, token)).for('update');
      return row ?? null;
    },
    /** The bank gave the money of a paid row back. */
    async markRefunded(token: string): Promise<void> {
      await db.update(sandboxGatewayTransactions).set({ state: 'refunded' }).where(eq(sandboxGatewayTransactions.token, token));
    },
    async markVerified(token: string): Promise<void> {
      await db.update(sandboxGatewayTransactions).set({ verifiedAt: sql`now()` }).where(eq(sandboxGatewayTransactions.token, token));
    },
  };
}
