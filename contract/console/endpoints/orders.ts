import * as v from 'valibot';
import { blankAsAbsent, blankOr, day, id, integer, text } from '../../fields';
import { DELIVERY_METHOD_VALUES } from '../../enums';
import { CANCEL_REASON_MAX, ORDER_ACTIONS, PLACED_STATUSES, READY_IN_MINUTES } from '../../rules/order-lifecycle';
import { BoardPageSchema, OrderDetailSchema } from '../counter-entities';
import { BOARD_PAGE_LENGTH } from '../rules';

const offset = () => blankOr(integer({ min: 0 }), 0);

/** The orders board and the order's lifecycle (issue 30, docs/orders.md). */
export const orderEndpoints = {
  orders_board: {
    summary:
      "Placed orders of this shop (a master's console: its branches' too), newest first. Without `status`, the open ones (pending, confirmed, sent); filters: status, delivery method, paid, branch, placed from/to (Tehran days), and `search` (a tracking code or a phone). Answers the shop's unaccepted (pending) and unopened counts as well.",
    request: v.object({
      status: blankAsAbsent(v.pipe(integer({ min: 0 }), v.picklist([...PLACED_STATUSES]))),
      delivery_method: blankAsAbsent(v.pipe(integer({ min: 0 }), v.picklist([...DELIVERY_METHOD_VALUES]))),
      paid: blankAsAbsent(integer({ min: 0, max: 1 })),
      branch_id: blankAsAbsent(id()),
      from: blankAsAbsent(day()),
      to: blankAsAbsent(day()),
      search: blankAsAbsent(text({ max: 40 })),
      offset: offset(),
      length: blankOr(integer({ min: 1, max: 100 }), BOARD_PAGE_LENGTH),
    }),
    data: BoardPageSchema,
    staff: true,
  },
  order_detail: {
    summary: "One placed order of this shop (or a branch of this master): lines, address, customer, bill, payments, ledger rows and its history. The first staff member to open it silences the board's alert for it. Another shop's order is 404.",
    request: v.object({ order_id: id() }),
    data: OrderDetailSchema,
    staff: true,
  },
  order_change: {
    summary:
      "Takes one action of the order's lifecycle (contract/rules/order-lifecycle.ts) for the staff member's role: confirm (needs `ready_in` minutes), send, complete, cancel (needs a `reason`; refunds what was paid, once). Anything the chart does not take is 409 status_change_refused, nothing written. Answers the order as order_detail does; the customer hears of it live and, when the shop sends them, by SMS.",
    request: v.object({
      order_id: id(),
      action: v.picklist(ORDER_ACTIONS),
      ready_in: blankAsAbsent(integer({ min: READY_IN_MINUTES.min, max: READY_IN_MINUTES.max })),
      reason: blankAsAbsent(text({ max: CANCEL_REASON_MAX, multiline: true })),
    }),
    data: OrderDetailSchema,
    staff: true,
  },
  order_record_payment: {
    summary:
      'Records that the shop took the payment of a cash, card-reader or money-transfer order (contract/rules/order-payment.ts): the order becomes paid, with a history row and an audit line. An order already paid, paid online or by wallet, or canceled is 409 `payment_record_refused`, nothing written. Answers the order as order_detail does.',
    request: v.object({ order_id: id() }),
    data: OrderDetailSchema,
    staff: true,
  },
} as const;
