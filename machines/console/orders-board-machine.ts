import { and, assign, fromCallback, fromPromise, not, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { BoardOrder, BoardPage } from '@contract/console/counter-entities';
import { BOARD_PAGE_LENGTH, type StaffRole } from '@contract/console/rules';
import { normalizeDigits } from '@contract/digits';
import type { DeliveryMethodValue } from '@contract/enums';
import type { PlacedStatus } from '@contract/rules/order-lifecycle';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { appendOnce } from '../paged-list';
import { CONSOLE_SYSTEM_IDS } from './console-system';
import { orderDetailMachine } from './order-detail-machine';
import type { OrdersLive } from './staff-live-machine';

/** The alert rings again this long after its last ring while an order waits unopened. */
export const RING_EVERY_MS = 5_000;
/** A search is sent once typing pauses this long. */
export const SEARCH_PAUSE_MS = 400;
/** The most orders one read of the board asks for (the contract's `length` bound). */
const BOARD_READ_MAX = 100;

/** What the board shows: no field set is the open orders (pending, confirmed, sent). */
export interface BoardFilters {
  status: PlacedStatus | null;
  delivery_method: DeliveryMethodValue | null;
  paid: 0 | 1 | null;
  branch_id: number | null;
  /** 'YYYY-MM-DD' (Tehran), '' for none */
  from: string;
  to: string;
  /** a tracking code or a phone, as typed */
  search: string;
}

export const NO_FILTERS: BoardFilters = { status: null, delivery_method: null, paid: null, branch_id: null, from: '', to: '', search: '' };

/** orders_board's request for the filters and a page. */
export interface BoardRequest {
  status?: number;
  delivery_method?: number;
  paid?: number;
  branch_id?: number;
  from?: string;
  to?: string;
  search?: string;
  offset: number;
  length: number;
}

export type BoardBranch = BoardOrder['branch'];

export interface OrdersBoardContext {
  role: StaffRole;
  filters: BoardFilters;
  /** newest first */
  orders: BoardOrder[];
  numResults: number;
  nextOffset: number | null;
  /** every pending order of the shop (the tab's title) */
  unaccepted: number;
  /** pending orders nobody has opened: the alert rings while there is one */
  unopened: number;
  /** the staff member silenced the alert (kept for their next visit) */
  muted: boolean;
  /** the branches seen on the board (a master's console sees its branches' orders) */
  branches: BoardBranch[];
  failure: ApiFailure | null;
  /** the order whose detail is open */
  openOrderId: number | null;
}

export interface OrdersBoardInput {
  role: StaffRole;
  muted?: boolean;
}

export type OrdersBoardEvent =
  | { type: 'board.filter'; filters: Partial<BoardFilters> }
  | { type: 'board.clearFilters' }
  | { type: 'board.more' }
  | { type: 'board.retry' }
  /** raised or sent by the detail: the orders changed, read the board again */
  | { type: 'board.refresh' }
  | { type: 'alert.mute'; muted: boolean }
  /** the browser keeps sound off until the page is touched (its autoplay rule), or lets it play */
  | { type: 'sound.blocked' }
  | { type: 'sound.allowed' }
  /** the staff member asks for the sound (their press is the touch the browser waits for) */
  | { type: 'sound.unlock' }
  | { type: 'detail.open'; orderId: number }
  | { type: 'detail.close' }
  | OrdersLive;

/** The request for the filters: blank fields left out, the search's Persian digits made Western. */
export function boardRequest(filters: BoardFilters, offset: number, length: number): BoardRequest {
  const search = normalizeDigits(filters.search).trim();
  return {
    ...(filters.status !== null ? { status: filters.status } : {}),
    ...(filters.delivery_method !== null ? { delivery_method: filters.delivery_method } : {}),
    ...(filters.paid !== null ? { paid: filters.paid } : {}),
    ...(filters.branch_id !== null ? { branch_id: filters.branch_id } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(search ? { search } : {}),
    offset,
    length,
  };
}

const branchesWith = (known: BoardBranch[], orders: BoardOrder[]): BoardBranch[] => appendOnce(known, orders.map((order) => order.branch));

/**
 * The console's orders board (systemId 'ordersBoard'), invoked by the console chart while a staff member is
 * logged in: orders_board with the filters (a search waits for typing to pause), more pages on request, and read
 * again whenever the staff's live channel hands it an order placed or changed (`orders.live`), so a new order
 * shows within the poll's answer. It keeps the unaccepted count (the tab's title) and rings the alert
 * ('ring', provided) every RING_EVERY_MS while a pending order is unopened and the staff member has not muted
 * it. An opened order's detail is its child ('orderDetail'); opening one tells the board to read its counts again.
 */
export const ordersBoardMachine = setup({
  types: {
    context: {} as OrdersBoardContext,
    events: {} as OrdersBoardEvent,
    input: {} as OrdersBoardInput,
  },
  actors: {
    'load board': fromPromise<BoardPage, BoardRequest>(notProvided('load board')),
    'order detail': orderDetailMachine,
    /** the browser's sound: tells sound.blocked or sound.allowed, and unlocks it on sound.unlock or the page's first touch */
    sound: fromCallback<{ type: 'sound.unlock' }>(() => () => {}),
  },
  delays: {
    'ring again': RING_EVERY_MS,
    'search pause': SEARCH_PAUSE_MS,
  },
  guards: {
    'has more': ({ context }) => context.nextOffset !== null,
    'an order waits unopened': ({ context }) => context.unopened > 0,
    'is muted': ({ context }) => context.muted,
    'only the search changed': ({ event }) => event.type === 'board.filter' && Object.keys(event.filters).every((key) => key === 'search'),
    'names an order': ({ event }) => event.type === 'orders.live' && event.events.length > 0,
    'names the open order': ({ context, event }) => event.type === 'orders.live' && event.events.some((live) => live.order_id === context.openOrderId),
  },
  actions: {
    /** plays the alert's sound once (provided: an audio effect) */
    ring: () => {},
    /** keeps the staff member's mute for the next visit (provided) */
    'persist muted': (_, _params: { muted: boolean }) => {},
    'set filters': assign(({ context, event }) => {
      if (event.type === 'board.clearFilters') return { filters: NO_FILTERS };
      if (event.type !== 'board.filter') return {};
      return { filters: { ...context.filters, ...event.filters } };
    }),
    'store page': assign(({ context }, params: { page: BoardPage; append: boolean }) => {
      const orders = params.append ? appendOnce(context.orders, params.page.orders) : params.page.orders;
      return {
        orders,
        numResults: params.page.num_results,
        nextOffset: params.page.next_offset,
        unaccepted: params.page.unaccepted_count,
        unopened: params.page.unopened_count,
        branches: branchesWith(context.branches, params.page.orders),
        failure: null,
      };
    }),
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    /** The counts the live channel's answer carried (the server counts them; absent, the board's stand). */
    'take live counts': assign(({ context, event }) => {
      if (event.type !== 'orders.live') return {};
      return { unaccepted: event.unaccepted ?? context.unaccepted, unopened: event.unopened ?? context.unopened };
    }),
    /** An order changed that the open detail shows: it reads itself again (the detail is the board's child). */
    'tell the detail': sendTo(CONSOLE_SYSTEM_IDS.orderDetail, { type: 'detail.changed' }),
    'set muted': assign(({ event }) => (event.type === 'alert.mute' ? { muted: event.muted } : {})),
  },
}).createMachine({
  id: 'ordersBoard',
  context: ({ input }) => ({
    role: input.role,
    filters: NO_FILTERS,
    orders: [],
    numResults: 0,
    nextOffset: null,
    unaccepted: 0,
    unopened: 0,
    muted: input.muted ?? false,
    branches: [],
    failure: null,
    openOrderId: null,
  }),
  type: 'parallel',
  on: {
    'alert.mute': { actions: ['set muted', { type: 'persist muted', params: ({ event }) => ({ muted: event.muted }) }] },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        'board.filter': [
          { guard: 'only the search changed', target: '.typing', actions: 'set filters' },
          { target: '.loading', actions: 'set filters' },
        ],
        'board.clearFilters': { target: '.loading', actions: 'set filters' },
      },
      states: {
        loading: {
          invoke: {
            src: 'load board',
            input: ({ context }) => boardRequest(context.filters, 0, BOARD_PAGE_LENGTH),
            onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: false }) } },
            onError: { target: 'failed', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        typing: {
          after: { 'search pause': 'loading' },
        },
        failed: {
          on: { 'board.retry': 'loading', 'board.refresh': 'loading', 'orders.live': { guard: 'names an order', target: 'loading' } },
        },
        shown: {
          on: {
            'board.more': { guard: 'has more', target: 'loadingMore' },
            'board.refresh': 'refreshing',
            'orders.live': { guard: 'names an order', target: 'refreshing' },
          },
        },
        loadingMore: {
          invoke: {
            src: 'load board',
            input: ({ context }) => boardRequest(context.filters, context.nextOffset ?? 0, BOARD_PAGE_LENGTH),
            onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: true }) } },
            onError: { target: 'shown', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // What is shown, read again from the top (as many as are shown): the list stays meanwhile; another change starts it over.
        refreshing: {
          on: {
            'board.refresh': { target: 'refreshing', reenter: true },
            'orders.live': { guard: 'names an order', target: 'refreshing', reenter: true },
          },
          invoke: {
            src: 'load board',
            input: ({ context }) => boardRequest(context.filters, 0, Math.min(BOARD_READ_MAX, Math.max(BOARD_PAGE_LENGTH, context.orders.length))),
            onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: false }) } },
            onError: { target: 'shown', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    counts: {
      on: {
        'orders.live': [{ guard: 'names the open order', actions: ['take live counts', 'tell the detail'] }, { actions: 'take live counts' }],
      },
    },
    // Whether the browser lets the alert be heard: until the page is touched it may not (its autoplay rule).
    sound: {
      initial: 'checking',
      invoke: { src: 'sound', id: 'sound' },
      states: {
        checking: { on: { 'sound.blocked': 'blocked', 'sound.allowed': 'on' } },
        blocked: { on: { 'sound.allowed': 'on', 'sound.unlock': { actions: sendTo('sound', { type: 'sound.unlock' }) } } },
        on: {},
      },
    },
    // Rings at once, then every RING_EVERY_MS, while an order waits unopened and the alert is not muted.
    alert: {
      initial: 'silent',
      states: {
        silent: {
          always: { guard: and(['an order waits unopened', not('is muted')]), target: 'ringing' },
        },
        ringing: {
          entry: 'ring',
          always: { guard: not(and(['an order waits unopened', not('is muted')])), target: 'silent' },
          after: { 'ring again': { target: 'ringing', reenter: true } },
        },
      },
    },
    detail: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'detail.open': { target: 'open', actions: assign({ openOrderId: ({ event }) => event.orderId }) } },
        },
        open: {
          invoke: {
            id: CONSOLE_SYSTEM_IDS.orderDetail,
            systemId: CONSOLE_SYSTEM_IDS.orderDetail,
            src: 'order detail',
            input: ({ context }) => ({ orderId: context.openOrderId ?? 0, role: context.role }),
          },
          on: {
            'detail.open': { target: 'open', reenter: true, actions: assign({ openOrderId: ({ event }) => event.orderId }) },
            'detail.close': { target: 'closed', actions: assign({ openOrderId: null }) },
          },
        },
      },
    },
  },
});

export type OrdersBoardSnapshot = SnapshotFrom<typeof ordersBoardMachine>;
type Viewed = Pick<OrdersBoardSnapshot, 'context' | 'matches'>;

export const isLoadingBoard = (snapshot: Viewed): boolean => snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: 'typing' });
export const boardFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches({ list: 'failed' }) ? snapshot.context.failure : null);
export const isLoadingMore = (snapshot: Viewed): boolean => snapshot.matches({ list: 'loadingMore' });
/** The alert is ringing (the view shows it as a status, besides the sound). */
export const isRinging = (snapshot: Viewed): boolean => snapshot.matches({ alert: 'ringing' });
/** The browser keeps the sound off (until the page is touched) and the staff member has not muted it: the board says so. */
export const isSoundBlocked = (snapshot: Viewed): boolean => snapshot.matches({ sound: 'blocked' }) && !snapshot.context.muted;
/** The count the tab's title starts with: the shop's pending orders. */
export const unacceptedCount = (snapshot: Pick<OrdersBoardSnapshot, 'context'>): number => snapshot.context.unaccepted;
