import * as v from 'valibot';
import { WALLET_OPERATIONS, WALLET_TYPES } from '../entities/account';
import { BillSchema, OrderLineSchema, PAYMENT_TYPES } from '../entities/order';
import { DELIVERY_METHOD_VALUES } from '../enums';
import { ORDER_ACTIONS } from '../rules/order-lifecycle';
import { STAFF_ROLES } from './rules';

/*
 * What the console's counter reads (issue 30): the orders board and an order's detail, access requests, a
 * customer's wallet, the team, the audit log and the counter's settings. Money is rial; times are ISO 8601.
 */

/** An order on the board: enough to decide what to do next without opening it. */
export const BoardOrderSchema = v.object({
  id: v.number(),
  tracking_code: v.string(),
  status: v.number(),
  placed_at: v.string(),
  /** the last change of status (placed_at until one) */
  status_changed_at: v.string(),
  /** when the store said it will be ready or arrive; null until confirmed */
  ready_at: v.nullable(v.string()),
  /** whether a staff member has opened it (the board's alert rings for a pending order nobody opened) */
  opened: v.boolean(),
  customer: v.object({ user_id: v.nullable(v.number()), name: v.string(), mobile: v.string() }),
  delivery_method: v.nullable(v.picklist(DELIVERY_METHOD_VALUES)),
  /** 'now', 'HH:mm' or 'YYYY-MM-DD HH:mm' (Tehran) */
  delivery_time: v.string(),
  payment: v.nullable(v.picklist(PAYMENT_TYPES)),
  paid: v.boolean(),
  payable: v.number(),
  item_count: v.number(),
  /** the branch it was placed at (a master's console sees its branches' orders) */
  branch: v.object({ id: v.number(), name: v.string(), name_en: v.string() }),
  internal_order: v.picklist([0, 1]),
});
export type BoardOrder = v.InferOutput<typeof BoardOrderSchema>;

/** A page of the board, newest first; `unaccepted_count` is every pending order of the shop (the tab's title shows it). */
export const BoardPageSchema = v.object({
  orders: v.array(BoardOrderSchema),
  num_results: v.number(),
  next_offset: v.nullable(v.number()),
  unaccepted_count: v.number(),
  /** pending orders no staff member has opened yet: the alert rings while there is one */
  unopened_count: v.number(),
});
export type BoardPage = v.InferOutput<typeof BoardPageSchema>;

/** One change in an order's history as staff see it (who by name). */
export const StaffOrderEventSchema = v.object({
  action: v.picklist(['place', 'expire', ...ORDER_ACTIONS]),
  from: v.number(),
  to: v.number(),
  at: v.string(),
  actor: v.picklist(['owner', 'staff', 'customer', 'system']),
  staff_name: v.string(),
  reason: v.string(),
  ready_in: v.nullable(v.number()),
});
export type StaffOrderEvent = v.InferOutput<typeof StaffOrderEventSchema>;

/** One payment attempt of an order. */
export const OrderPaymentSchema = v.object({
  id: v.number(),
  gateway: v.string(),
  amount: v.number(),
  status: v.picklist(['requested', 'paid', 'canceled', 'failed']),
  ref_id: v.nullable(v.string()),
  created_at: v.string(),
  verified_at: v.nullable(v.string()),
  refunded_at: v.nullable(v.string()),
  /** the bank's refund of this payment: pending until the bank accepts it (retried by a job), then done; null: none owed */
  refund: v.nullable(v.picklist(['pending', 'done'])),
});

/** A wallet ledger row (of an order, or of a customer's wallet). */
export const LedgerRowSchema = v.object({
  id: v.number(),
  operation: v.picklist(WALLET_OPERATIONS),
  kind: v.picklist(WALLET_TYPES),
  amount: v.number(),
  status: v.picklist(['success', 'fail']),
  order_id: v.nullable(v.number()),
  reason: v.string(),
  created_at: v.string(),
});
export type LedgerRow = v.InferOutput<typeof LedgerRowSchema>;

/** order_detail: everything about one order, for deciding and for the printed ticket. */
export const OrderDetailSchema = v.object({
  order: BoardOrderSchema,
  lines: v.array(OrderLineSchema),
  address: v.nullable(v.object({ label: v.string(), address: v.string(), lat: v.number(), lng: v.number(), city: v.string(), postal_code: v.string() })),
  /** the customer's note on the order */
  comment: v.string(),
  bill: BillSchema,
  payments: v.array(OrderPaymentSchema),
  ledger: v.array(LedgerRowSchema),
  /** oldest first */
  events: v.array(StaffOrderEventSchema),
});
export type OrderDetail = v.InferOutput<typeof OrderDetailSchema>;

/** A customer's request for access to a wholesale shop (spec §6). */
export const AccessRequestSchema = v.object({
  id: v.number(),
  user_id: v.number(),
  name: v.string(),
  mobile: v.string(),
  company: v.string(),
  message: v.string(),
  status: v.picklist(['pending', 'approved', 'rejected']),
  reason: v.string(),
  created_at: v.string(),
  answered_at: v.nullable(v.string()),
  answered_by: v.string(),
});
export type AccessRequest = v.InferOutput<typeof AccessRequestSchema>;

export const AccessRequestPageSchema = v.object({
  requests: v.array(AccessRequestSchema),
  num_results: v.number(),
  next_offset: v.nullable(v.number()),
  pending_count: v.number(),
});

/** A customer as the console finds them (by phone or name). */
export const ConsoleCustomerSchema = v.object({
  user_id: v.number(),
  name: v.string(),
  mobile: v.string(),
  /** rial */
  balance: v.number(),
  access_flag: v.number(),
});
export type ConsoleCustomer = v.InferOutput<typeof ConsoleCustomerSchema>;

/** customer_wallet: the customer, their balance and their ledger (newest first). */
export const CustomerWalletSchema = v.object({
  customer: ConsoleCustomerSchema,
  transactions: v.array(LedgerRowSchema),
  /** the most this staff member may add at once (null: no limit, the owner) */
  limit: v.nullable(v.number()),
});
export type CustomerWallet = v.InferOutput<typeof CustomerWalletSchema>;

/** A member of the team as the owner manages them. */
export const TeamMemberSchema = v.object({
  id: v.number(),
  name: v.string(),
  username: v.string(),
  role: v.picklist(STAFF_ROLES),
  disabled: v.boolean(),
  created_at: v.string(),
});
export type TeamMember = v.InferOutput<typeof TeamMemberSchema>;

/** One line of the audit log, newest first. */
export const AuditEntrySchema = v.object({
  id: v.number(),
  at: v.string(),
  staff_id: v.number(),
  staff_name: v.string(),
  action: v.string(),
  subject_type: v.string(),
  subject_id: v.nullable(v.number()),
  detail: v.record(v.string(), v.unknown()),
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;

/** The counter's settings (contract/rules/counter.ts). */
export const CounterSettingsSchema = v.object({
  payment_wait_minutes: v.number(),
  referral_reward: v.number(),
  order_sms: v.boolean(),
  staff_wallet_limit: v.number(),
  staff_wallet_day_limit: v.number(),
  order_total_max: v.number(),
});
export type CounterSettings = v.InferOutput<typeof CounterSettingsSchema>;
