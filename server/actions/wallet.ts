import { randomBytes } from 'node:crypto';
import type { Wallet, WalletPurpose } from '@contract/entities/account';
import type { Currency } from '@contract/enums';
import { formatMoney } from '@contract/money';
import { isWalletChargeAmount, WALLET_CHARGE_RETURN_PATH, WALLET_CHARGE_RIAL } from '@contract/rules/wallet-charge';
import type { WalletTransactionRow } from '../db/schema';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import type { WalletRepository } from '../repositories/wallet-repository';
import { customerAudience } from '../services/live';
import type { Handlers, SignedInContext } from './context';

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

const money = (context: SignedInContext, rial: number) => formatMoney(rial, context.shop.currency as Currency, context.language);

export const walletActions: Handlers<'get_wallet' | 'wallet_charge' | 'wallet_charge_verify'> = {
  async get_wallet({ repos, user }) {
    return walletOf(repos.wallet, user.id);
  },

  // The bank is asked first, then our attempt is written: a bank that cannot be reached (503) leaves nothing behind.
  async wallet_charge(context, { amount }) {
    const { repos, shop, user, language } = context;
    if (!isWalletChargeAmount(amount, shop.currency as Currency)) {
      const limits = { min: money(context, WALLET_CHARGE_RIAL.min), max: money(context, WALLET_CHARGE_RIAL.max) };
      throw new ApiError(400, 'wallet_charge_amount', translate(language, 'wallet_charge_amount', limits), undefined, { field: 'amount' });
    }
    const gateway = context.payments.offered;
    if (!gateway) throw new ApiError(400, 'payment_unavailable', translate(language, 'wallet_charge_unavailable'));
    const token = randomBytes(18).toString('base64url');
    const { redirectUrl, gatewayRef } = await gateway.request(repos, { token, amount, merchant: shop.name, callbackUrl: WALLET_CHARGE_RETURN_PATH, origin: context.http.origin });
    await repos.walletCharges.insert({ userId: user.id, gateway: gateway.name, amount, token, redirectUrl, gatewayRef: gatewayRef ?? null, at: context.clock() });
    return { redirect_url: redirectUrl, sep_id: token, amount };
  },

  /*
   * Under the user's wallet lock, then the attempt's row: a return and a second callback (or two tabs) take turns, and
   * the second finds the attempt settled and answers it as it stands. Only the bank's verify says it was paid.
   */
  async wallet_charge_verify(context, { sep_id }) {
    const { repos, user, language } = context;
    await repos.wallet.lock(user.id);
    const charge = await repos.walletCharges.byToken(user.id, sep_id, true);
    if (!charge) throw new ApiError(404, 'not_found', translate(language, 'wallet_charge_not_found'));
    let outcome: 'paid' | 'canceled' | 'failed' | 'waiting' = charge.status === 'requested' ? 'waiting' : charge.status;
    if (charge.status === 'requested') {
      const gateway = context.payments.find(charge.gateway);
      const verdict = gateway ? await gateway.verify(repos, { token: charge.token, amount: charge.amount, gatewayRef: charge.gatewayRef }) : { outcome: 'failed' as const, refId: null };
      outcome = verdict.outcome;
      if (outcome !== 'waiting') {
        const at = context.clock();
        await repos.walletCharges.settle(charge.id, outcome, verdict.refId, at);
        await repos.wallet.credit({ userId: user.id, operation: 'charge', amount: charge.amount, status: outcome === 'paid' ? 'success' : 'fail', createdAt: at });
        // The customer's other tabs and devices read their wallet again.
        const notices = await repos.live.append([{ audience: customerAudience(context.shop.id, user.id), type: 'wallet_changed', payload: {} }]);
        context.afterCommit(() => context.live.announce(notices));
      }
    }
    const balance = await repos.wallet.balance(user.id);
    const message = outcome === 'paid' ? translate(language, 'wallet_charge_paid', { amount: money(context, charge.amount) }) : translate(language, `wallet_charge_${outcome}`);
    return { outcome, amount: charge.amount, balance, message };
  },
};
