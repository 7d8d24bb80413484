import type { Wallet } from '@contract/entities/account';
import type { WalletTransactionRow } from '../db/schema';
import type { WalletRepository } from '../repositories/wallet-repository';
import type { Handlers } from './context';

const toTransaction = (row: WalletTransactionRow) => ({
  id: row.id,
  date: row.createdAt.toISOString(),
  operation: row.operation,
  amount: row.amount,
  status: row.status,
  order_id: row.orderId,
  reason: row.reason,
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
