import type { Wallet, WalletPurpose } from '@contract/entities/account';
import type { WalletTransactionRow } from '../db/schema';
import type { WalletRepository } from '../repositories/wallet-repository';
import type { Handlers } from './context';

/** What the row is for: the only 'system' credit that names an order is the inviter's reward for it (wallet-repository's rewardReferral). */
function purposeOf(row: WalletTransactionRow): WalletPurpose {
  if (row.operation === 'buy') return 'purchase';
  if (row.operation === 'admin') return 'staff';
  if (row.operation === 'system') return row.orderId !== null ? 'referral' : 'system';
  return row.operation;
}

const toTransaction = (row: WalletTransactionRow) => ({
  id: row.id,
  date: row.createdAt.toISOString(),
  operation: row.operation,
  amount: row.amount,
  status: row.status,
  order_id: row.orderId,
  reason: row.reason,
  purpose: purposeOf(row),
});

/** The contract's Wallet of a user: balance and transactions, newest first. */
export async function walletOf(wallet: WalletRepository, userId: number): Promise<Wallet> {
  const [balance, rows] = await Promise.all([wallet.balance(userId), wallet.list(userId)]);
  return { balance, transactions: rows.map(toTransaction) };
}

export const walletActions: Handlers<'get_wallet'> = {
  async get_wallet({ repos, user }) {
    return walletOf(repos.wallet, user.id);
  },
};
