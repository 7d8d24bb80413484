import * as v from 'valibot';
import { UserSchema } from './user';

/** Wallet operations of spec §4: charge, buy, refund, increase by admin, increase by system. */
export const WALLET_OPERATIONS = ['charge', 'buy', 'refund', 'admin', 'system'] as const;
export type WalletOperation = (typeof WALLET_OPERATIONS)[number];
export const WALLET_STATUSES = ['success', 'fail'] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];
/** The two balances of a customer (spec §7 use_wallet `type`): the wallet, and the discount bag (`gift`), which only pays for orders. */
export const WALLET_TYPES = ['wallet', 'gift'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/** Login limits (issue 4); the server enforces them, the SPA shows the countdown. */
export const LOGIN_CODE_LENGTH = 6;
/** A login code as the customer types it and the SMS carries it: LOGIN_CODE_LENGTH Western digits. */
export const LOGIN_CODE_PATTERN = new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`);
export const LOGIN_CODE_TTL_SECONDS = 120;
export const LOGIN_RESEND_SECONDS = 60;
export const LOGIN_MAX_WRONG_TRIES = 5;

/** The referral reward (spec: 20 dollars), credited to the inviter as 'system' when the invitee's first order completes. */
export const REFERRAL_REWARD_USD = 20;

/**
 * login: a code was sent; resend_after = seconds until another may be asked for. `notice`: the SMS was not handed
 * over yet and is being tried again (the server's localised words for the customer), else null.
 */
export const LoginSentSchema = v.object({
  phone: v.string(),
  resend_after: v.number(),
  expires_in: v.number(),
  notice: v.optional(v.nullable(v.string())),
});

/** check_verify_code: a returning user is logged in; a new one must complete_register. */
export const VerifyResultSchema = v.object({
  registered: v.boolean(),
  user: v.nullable(UserSchema),
});

/**
 * What a wallet row is for, as the customer reads it: the server decides it from the row (a referral reward is a
 * 'system' credit that names the invitee's order, a refund names its order), so no row reads as a bare "increase".
 */
export const WALLET_PURPOSES = ['charge', 'purchase', 'refund', 'staff', 'referral', 'system'] as const;
export type WalletPurpose = (typeof WALLET_PURPOSES)[number];

export const WalletTransactionSchema = v.object({
  id: v.number(),
  /** ISO 8601 */
  date: v.string(),
  operation: v.picklist(WALLET_OPERATIONS),
  /** signed, rial */
  amount: v.number(),
  status: v.picklist(WALLET_STATUSES),
  order_id: v.nullable(v.number()),
  /** an 'admin' row's reason, as the staff member wrote it ('' otherwise) */
  reason: v.string(),
  purpose: v.picklist(WALLET_PURPOSES),
});
export type WalletTransaction = v.InferOutput<typeof WalletTransactionSchema>;

export const WalletSchema = v.object({
  /** rial: the sum of successful transactions */
  balance: v.number(),
  transactions: v.array(WalletTransactionSchema),
});
export type Wallet = v.InferOutput<typeof WalletSchema>;

/** wallet_charge: the bank page to send the customer to, and the attempt's token (the return's sep_id). */
export const WalletChargeStartSchema = v.object({ redirect_url: v.string(), sep_id: v.string(), amount: v.number() });

/** wallet_charge_verify: how the top-up stands, the wallet as it now is, and a sentence for the customer. */
export const WalletChargeResultSchema = v.object({
  outcome: v.picklist(['paid', 'canceled', 'failed', 'waiting']),
  /** rial */
  amount: v.number(),
  balance: v.number(),
  message: v.string(),
});
export type WalletChargeResult = v.InferOutput<typeof WalletChargeResultSchema>;

/** get_invite_data: the user's referral code and the link to share. */
export const InviteDataSchema = v.object({
  code: v.string(),
  /** path under the shop's host, e.g. /order/v2/?ref=AB12CD34: the friend lands on the shop, the code kept until they register */
  link: v.string(),
  reward_usd: v.number(),
  /** rial credited per successful referral */
  reward_amount: v.number(),
  invited_count: v.number(),
  rewarded_count: v.number(),
});
export type InviteData = v.InferOutput<typeof InviteDataSchema>;

export const AccessRequestSchema = v.object({
  id: v.number(),
  status: v.picklist(['pending', 'approved', 'rejected']),
  created_at: v.string(),
});
export type AccessRequest = v.InferOutput<typeof AccessRequestSchema>;

/** Body of every 429: how long to wait, in seconds (also in the message). */
export const RateLimitSchema = v.object({ wait_seconds: v.number() });
