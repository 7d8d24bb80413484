import type { ConsoleCustomer, CustomerWallet, LedgerRow } from '@contract/console/counter-entities';
import type { Currency } from '@contract/enums';
import { formatMoney } from '@contract/money';
import { walletAdjustProblems } from '@contract/rules/counter-forms';
import type { WalletTransactionRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import type { ConsoleCustomerRow } from '../../repositories/console-customers-repository';
import { customerAudience } from '../../services/live';
import { tehranDayOf } from '../../services/tehran-day';
import { staffWrite } from './commit';
import type { ConsoleHandlers, StaffContext } from './context';

/** The most customers_find answers. */
const FOUND_MAX = 20;

const toConsoleCustomer = ({ user, balance }: ConsoleCustomerRow): ConsoleCustomer => ({
  user_id: user.id,
  name: user.name,
  mobile: user.mobile,
  balance,
  access_flag: user.accessFlag,
});

const toLedgerRow = (row: WalletTransactionRow): LedgerRow => ({
  id: row.id,
  operation: row.operation,
  kind: row.kind,
  amount: row.amount,
  status: row.status,
  order_id: row.orderId,
  reason: row.reason,
  created_at: row.createdAt.toISOString(),
});

/** The most this staff member may move at once: null for an owner (no limit), else the shop's setting as stored now. */
const limitOf = async (context: Pick<StaffContext, 'staff'>, repos: Repositories): Promise<number | null> =>
  context.staff.role === 'owner' ? null : (await repos.counterSettings.read()).staffWalletLimit;

/**
 * Holds a staff member (not an owner) to the shop's limit per adjustment, either way, and to the limit of what they
 * add in a Tehran day. The member's row is locked before the day is summed, in the adjustment's transaction, so
 * parallel credits sum in turn and cannot pass the day's limit together. Returns what they added today with this one.
 */
async function holdStaffLimits(context: StaffContext, tx: Repositories, amount: number): Promise<number | null> {
  const { staff, language, clock } = context;
  if (staff.role === 'owner') return null;
  const settings = await tx.counterSettings.read();
  const money = (rial: number) => formatMoney(rial, context.shop.currency as Currency, language);
  if (Math.abs(amount) > settings.staffWalletLimit) {
    throw new ApiError(403, 'staff_wallet_limit', translate(language, 'staff_wallet_limit', { limit: money(settings.staffWalletLimit) }));
  }
  await tx.staff.lockMember(staff.id);
  const { from, to } = tehranDayOf(clock());
  const added = await tx.wallet.staffCredits(staff.id, from, to);
  if (amount > 0 && added + amount > settings.staffWalletDayLimit) {
    const values = { limit: money(settings.staffWalletDayLimit), used: money(added) };
    throw new ApiError(403, 'staff_wallet_day_limit', translate(language, 'staff_wallet_day_limit', values));
  }
  return added + Math.max(amount, 0);
}

async function walletView(context: Pick<StaffContext, 'staff' | 'language'>, repos: Repositories, userId: number): Promise<CustomerWallet> {
  const [customer, rows, limit] = await Promise.all([repos.consoleCustomers.customer(userId), repos.wallet.list(userId), limitOf(context, repos)]);
  if (!customer) throw new ApiError(404, 'not_found', translate(context.language, 'counter_customer_not_found'));
  return { customer: toConsoleCustomer(customer), transactions: rows.map(toLedgerRow), limit };
}

/** Customers' wallets from the console: spec §4's "increase by admin", never below zero (docs/server.md, "Operator console"). */
export const walletConsoleActions: ConsoleHandlers<'customers_find' | 'customer_wallet' | 'wallet_adjust'> = {
  async customers_find({ repos }, { search }) {
    const text = search.trim();
    if (text.length < 3) return [];
    return (await repos.consoleCustomers.find(text, FOUND_MAX)).map(toConsoleCustomer);
  },

  async customer_wallet(context, { user_id }) {
    return walletView(context, context.repos, user_id);
  },

  async wallet_adjust(context, { user_id, amount, reason: given }) {
    const { staff, language, clock, live, shop } = context;
    const reason = given.trim();
    // The console's chart refuses the same (contract/rules/counter-forms.ts) before sending.
    const problems = walletAdjustProblems({ amount, reason });
    if (problems.amount) throw new ApiError(400, 'invalid_input', translate(language, 'wallet_amount_zero'), undefined, { field: 'amount' });
    if (problems.reason) throw new ApiError(400, 'invalid_input', translate(language, 'wallet_reason_required'), undefined, { field: 'reason' });
    const money = (rial: number) => formatMoney(rial, shop.currency as Currency, language);
    return staffWrite(context, async (tx, later) => {
      // The staff limits are read from the shop's row, never a cached one; the member's lock comes first (docs/server.md).
      const today = await holdStaffLimits(context, tx, amount);
      // Lock order (docs/server.md): the owner's lock, then the user row for the wallet, then the balance is read.
      await tx.carts.lockOwner({ userId: user_id });
      if (!(await tx.wallet.lock(user_id))) throw new ApiError(404, 'not_found', translate(language, 'counter_customer_not_found'));
      const balance = await tx.wallet.balance(user_id);
      if (balance + amount < 0) throw new ApiError(409, 'wallet_insufficient', translate(language, 'wallet_below_zero', { balance: money(balance) }));
      const row = await tx.wallet.credit({ userId: user_id, operation: 'admin', amount, reason, staffId: staff.id, createdAt: clock() });
      const detail = { amount, reason, balance: balance + amount, transaction_id: row.id, ...(today === null ? {} : { added_today: today }) };
      await tx.staffAudit.record(staff, { action: 'wallet.adjust', subjectType: 'user', subjectId: user_id, detail }, clock());
      const notices = await tx.live.append([{ audience: customerAudience(shop.id, user_id), type: 'wallet_changed', payload: {} }]);
      later(() => live.announce(notices));
      return walletView(context, tx, user_id);
    });
  },
};
