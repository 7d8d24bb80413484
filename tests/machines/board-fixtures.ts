import type { BoardOrder, BoardPage, OrderDetail } from '@contract/console/counter-entities';
import { OrderStatus } from '@contract/entities/order';

/** An order on the board as orders_board answers it. */
export const boardOrder = (id: number, status: number = OrderStatus.pending, opened = false): BoardOrder => ({
  id,
  tracking_code: `T${id}`,
  status,
  placed_at: '2026-11-27T08:00:00.000Z',
  status_changed_at: '2026-11-27T08:00:00.000Z',
  ready_at: null,
  opened,
  customer: { user_id: 7, name: 'Ali', mobile: '09120000000' },
  delivery_method: 1,
  delivery_time: 'now',
  payment: 'cash',
  paid: false,
  payable: 1_200_000,
  item_count: 2,
  branch: { id: 1, name: 'شعبه', name_en: 'Branch' },
  internal_order: 0,
});

/** A board page: the counts as the server would count these orders. */
export const boardPage = (orders: BoardOrder[], nextOffset: number | null = null): BoardPage => ({
  orders,
  num_results: orders.length,
  next_offset: nextOffset,
  unaccepted_count: orders.filter((order) => order.status === OrderStatus.pending).length,
  unopened_count: orders.filter((order) => order.status === OrderStatus.pending && !order.opened).length,
});

/** order_detail's answer for an order in `status`. */
export const orderDetail = (id: number, status: number = OrderStatus.pending): OrderDetail => ({
  order: { ...boardOrder(id, status, true) },
  lines: [{ row: 1, item_id: 3, name: 'پیتزا', name_en: 'Pizza', count: 2, price: 600_000, total: 1_200_000, feature: null, color: null, size: 'L', extras: [] }],
  address: null,
  comment: '',
  bill: { pure_price: 1_200_000, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 1_200_000, discount_code: null, shipping: 0, tax: 0, packaging: 0, total: 1_200_000, gift: 0, wallet: 0, payable: 1_200_000 },
  payments: [],
  ledger: [],
  events: [],
});
