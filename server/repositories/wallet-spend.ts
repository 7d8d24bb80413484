import type { WalletType } from '@contract/entities/account';
import type { WalletRepository } from './wallet-repository';

/**
 * Takes `amount` rial from the user's wallet (or, with `kind` gift, the discount bag) inside the
 * transaction the wallet repository was built on: locks the user row (wallet-repository's lock), re-reads the balance, and
 * writes one 'buy' row. Returns false (nothing written) when the balance is short.
 */
export async function spendFromWallet(wallet: WalletRepository, input: { userId: number; amount: number; orderId: number; kind?: WalletType }): Promise<boolean> {
  if (input.amount <= 0) return true;
  if (!(await wallet.lock(input.userId))) return false;
  const balance = await wallet.balance(input.userId, input.kind);
  if (balance < input.amount) return false;
  await wallet.credit({ userId: input.userId, operation: 'buy', amount: -input.amount, orderId: input.orderId, kind: input.kind });
  return true;
}

/** Gives `amount` back to the wallet (or the discount bag) as a 'refund' row (payment canceled, order canceled). */
export async function refundToWallet(wallet: WalletRepository, input: { userId: number; amount: number; orderId: number; kind?: WalletType }): Promise<void> {
  if (input.amount <= 0) return;
  await wallet.lock(input.userId);
  await wallet.credit({ userId: input.userId, operation: 'refund', amount: input.amount, orderId: input.orderId, kind: input.kind });
}
