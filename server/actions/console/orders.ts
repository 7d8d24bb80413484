import { OPEN_STATUSES } from '@contract/rules/order-lifecycle';
import { normalizeDigits } from '@contract/digits';
import { nextOffset } from '../../services/chat/chat-mappers';
import { changeOrder, orderNotFound } from '../../services/orders/order-change';
import { boardOrderOf, orderDetailOf } from '../../services/orders/order-detail';
import { recordPayment } from '../../services/orders/order-payment';
import { appendForStaff } from '../../services/orders/order-events';
import { refundAfterCommit } from '../../services/payments/refunds';
import { isCalendarDay, nextDay, tehranDayStart } from '../../services/tehran-day';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { ConsoleHandlers } from './context';

/** The orders board, an order's detail and its lifecycle at the counter (issue 30, docs/orders.md). */
export const orderConsoleActions: ConsoleHandlers<'orders_board' | 'order_detail' | 'order_change' | 'order_record_payment'> = {
  async orders_board({ repos, language }, input) {
    for (const field of ['from', 'to'] as const) {
      const day = input[field];
      if (day !== undefined && !isCalendarDay(day)) throw new ApiError(400, 'invalid_input', translate(language, 'field_invalid', { field, expected: translate(language, 'board_day') }));
    }
    const visible = await repos.orderBoard.visibleShopIds();
    const shopIds = input.branch_id === undefined ? visible : visible.filter((id) => id === input.branch_id);
    const search = input.search === undefined ? undefined : normalizeDigits(input.search).trim() || undefined;
    const [page, counts] = await Promise.all([
      repos.orderBoard.page({
        statuses: input.status === undefined ? OPEN_STATUSES : [input.status],
        deliveryMethod: input.delivery_method,
        paid: input.paid,
        shopIds,
        from: input.from === undefined ? undefined : tehranDayStart(input.from),
        to: input.to === undefined ? undefined : tehranDayStart(nextDay(input.to)),
        search,
        offset: input.offset,
        length: input.length,
      }),
      repos.orderBoard.counts(visible),
    ]);
    return {
      orders: page.rows.map(boardOrderOf),
      num_results: page.total,
      next_offset: nextOffset(input.offset, page.rows.length, page.total),
      unaccepted_count: counts.unaccepted,
      unopened_count: counts.unopened,
    };
  },

  async order_detail({ repos, shop, language, clock, live }, { order_id }) {
    const visible = await repos.orderBoard.visibleShopIds();
    const row = await repos.orderBoard.placed(visible, order_id);
    if (!row) throw orderNotFound(language);
    // The first opener silences the board's alert for it; later openings leave the time as it was.
    if (row.order.staffOpenedAt === null) {
      const at = clock();
      // Every console that sees the order (its shop's, its master's) hears of it (order_changed, same status) and
      // reads its unopened count again, whichever of them opened it.
      const notices = await repos.transaction(async (tx) => {
        if (!(await tx.orderBoard.markOpened(row.order.id, at))) return [];
        const placedAt = await tx.brandShop(row.order.shopId);
        return placedAt ? appendForStaff(placedAt.repos, placedAt.shop, { type: 'order_changed', payload: { order_id: row.order.id, status: row.order.status } }) : [];
      });
      await live.announce(notices);
      row.order = { ...row.order, staffOpenedAt: at };
    }
    return orderDetailOf(repos, shop.id, row);
  },

  async order_change(context, input) {
    const outcome = await changeOrder(context, input);
    // After the commit: the bank's refund (a refusal waits for its job), the live events, then the SMS's first try (its
    // job, scheduled with the change, is retried if the provider fails; none can undo the change).
    if (outcome.owedRefund) await refundAfterCommit(context.repos, context.payments, outcome.owedRefund, context.clock(), context.warn);
    await context.live.announce(outcome.notices);
    if (outcome.smsKey) {
      await context.jobs.runKey(outcome.smsKey).catch((error: unknown) => context.warn(`order_change: the SMS's first try failed: ${String(error)}`));
    }
    return orderDetailOf(context.repos, context.shop.id, outcome.row);
  },

  async order_record_payment(context, { order_id }) {
    const { row, notices } = await recordPayment(context, order_id);
    await context.live.announce(notices);
    return orderDetailOf(context.repos, context.shop.id, row);
  },
};
