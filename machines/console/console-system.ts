/**
 * The system ids of the operator console's actors: the console chart is the root, the others are
 * its children (invoked while a staff member is logged in) and find each other with `system.get(id)`.
 */
export const CONSOLE_SYSTEM_IDS = {
  console: 'console',
  /** the staff's live channel (staff-live-machine.ts) */
  staffLive: 'staffLive',
  /** the support inbox (inbox-machine.ts): chats, the open chat, the reply box */
  inbox: 'inbox',
  /** the orders board (orders-board-machine.ts): filters, pages, the unaccepted count, the alert */
  ordersBoard: 'ordersBoard',
  /** the order open on the board's detail screen (order-detail-machine.ts), a child of the board */
  orderDetail: 'orderDetail',
  /** the access requests (access-requests-machine.ts): the list and the navigation's pending badge */
  accessRequests: 'accessRequests',
} as const;
