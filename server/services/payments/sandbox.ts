import { randomInt } from 'node:crypto';
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
  async request(repos, payment) {
    await repos.sandboxLedger.insert({ token: payment.token, merchant: payment.merchant, amount: payment.amount, callbackUrl: payment.callbackUrl });
    return { redirectUrl: `${SANDBOX_PATH}/pay/${encodeURIComponent(payment.token)}` };
  },
  async verify(repos, payment) {
    const row = await repos.sandboxLedger.lockedRow(payment.token);
    if (!row) return { outcome: 'failed', refId: null };
    if (row.state === 'pending') return { outcome: 'waiting', refId: null };
    if (row.state === 'canceled') return { outcome: 'canceled', refId: null };
    if (row.amount !== payment.amount) return { outcome: 'failed', refId: null };
    if (!row.verifiedAt) await repos.sandboxLedger.markVerified(row.token);
    return { outcome: 'paid', refId: row.refNum };
  },
  // The sandbox bank gives the money back by marking its row refunded (once: a refunded row stays so).
  async refund(repos, payment) {
    const row = await repos.sandboxLedger.lockedRow(payment.token);
    if (!row || (row.state !== 'paid' && row.state !== 'refunded') || row.amount !== payment.amount) throw new Error(`sandbox: nothing paid to refund for ${payment.token}`);
    if (row.state === 'paid') await repos.sandboxLedger.markRefunded(row.token);
  },
};

/** A bank-style reference number for a paid sandbox transaction. */
export const sandboxRefNum = (): string => `SB${Date.now().toString(36).toUpperCase()}${randomInt(1_000_000).toString().padStart(6, '0')}`;
