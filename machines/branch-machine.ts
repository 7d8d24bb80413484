import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Branch, Shop } from '@contract/index';
import { isOrderable } from '@contract/rules/branch-order';
import type { Point } from '@contract/rules/distance';
import { asFailure, type ApiFailure } from './api-failure';
import { notProvided } from './not-provided';

/** Why the device gave no position: the visitor refused, or there is none to give (no GPS, a timeout). */
export type LocateProblem = 'denied' | 'unavailable';

export interface BranchInput {
  /** a branch named by the link (`?branch_id=`): chosen at once, without the list */
  preselectedId: number | null;
  /** the shop the visitor orders from now (a branch, or the master) */
  currentShopId: number;
  /** lines in the cart at the current shop: leaving it with lines asks first */
  cartLines: number;
  signedIn: boolean;
}

export interface BranchContext extends BranchInput {
  position: Point | null;
  locateProblem: LocateProblem | null;
  branches: Branch[];
  /** the place get_location_data names at the position */
  place: string | null;
  chosenId: number | null;
  clearCart: boolean;
  failure: ApiFailure | null;
}

export type BranchEvent =
  | { type: 'position.locate' }
  | { type: 'position.pick'; lat: number; lng: number }
  | { type: 'position.skip' }
  | { type: 'position.change' }
  | { type: 'branches.retry' }
  | { type: 'branch.choose'; id: number }
  | { type: 'cart.keep' }
  | { type: 'cart.clear' }
  | { type: 'choice.cancel' };

/** What select_branch sends. */
export interface SelectBranchInput {
  branchId: number;
  clearCart: boolean;
  position: Point | null;
}

export { isOrderable };

/**
 * Choosing the branch to order from at a master shop (spec §2 branch pages): the visitor's position
 * from the device (after our own explanation, then the browser's prompt) or picked on the map, the
 * branches measured from it, the choice (asking first whether to keep or clear a cart at the branch
 * being left), and select_branch; then the app enters the branch's home.
 */
export const branchMachine = setup({
  types: {
    context: {} as BranchContext,
    events: {} as BranchEvent,
    input: {} as BranchInput,
  },
  actors: {
    locate: fromPromise<Point, void>(notProvided('locate')),
    'load branches': fromPromise<Branch[], { position: Point | null }>(notProvided('load branches')),
    'name place': fromPromise<string, Point>(notProvided('name place')),
    'store position': fromPromise<unknown, Point>(notProvided('store position')),
    'select branch': fromPromise<Shop, SelectBranchInput>(notProvided('select branch')),
  },
  guards: {
    'branch is preselected': ({ context }) => context.preselectedId !== null,
    'position is known': ({ context }) => context.position !== null,
    'visitor is signed in and located': ({ context }) => context.signedIn && context.position !== null,
    'branch can be ordered from': ({ context, event }) => {
      assertEvent(event, 'branch.choose');
      const branch = context.branches.find((entry) => entry.id === event.id);
      return branch !== undefined && isOrderable(branch);
    },
    'a cart would be left': ({ context }) => context.cartLines > 0 && context.chosenId !== context.currentShopId,
    'branches are listed': ({ context }) => context.branches.length > 0,
    'visitor refused': (_, params: { error: unknown }) => (params.error as { code?: unknown } | null)?.code === 'denied',
  },
  actions: {
    'store device position': assign((_, params: { position: Point }) => ({ position: params.position, locateProblem: null })),
    'store picked position': assign(({ event }) => {
      assertEvent(event, 'position.pick');
      return { position: { lat: event.lat, lng: event.lng }, locateProblem: null };
    }),
    'forget position': assign({ position: null, place: null }),
    'note refusal': assign({ locateProblem: 'denied' as const }),
    'note no position': assign({ locateProblem: 'unavailable' as const }),
    'store branches': assign((_, params: { branches: Branch[] }) => ({ branches: params.branches, failure: null })),
    'store place': assign((_, params: { place: string }) => ({ place: params.place })),
    'choose branch': assign(({ event }) => {
      assertEvent(event, 'branch.choose');
      return { chosenId: event.id, clearCart: false, failure: null };
    }),
    'choose preselected branch': assign(({ context }) => ({ chosenId: context.preselectedId, clearCart: false })),
    'keep cart': assign({ clearCart: false }),
    'clear cart': assign({ clearCart: true }),
    'forget choice': assign({ chosenId: null }),
    'remember failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error), chosenId: null })),
    /** provided by the composition root: the branch's home, as that branch */
    'enter branch': (_, _params: { shop: Shop }) => {},
  },
}).createMachine({
  id: 'branch',
  context: ({ input }) => ({
    ...input,
    position: null,
    locateProblem: null,
    branches: [],
    place: null,
    chosenId: null,
    clearCart: false,
    failure: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'branch is preselected', target: 'selecting', actions: 'choose preselected branch' }, { target: 'asking' }],
    },
    // Our explanation comes before the browser's prompt, so the visitor knows why we ask.
    asking: {
      on: {
        'position.locate': 'locating',
        'position.pick': { target: 'listing', actions: 'store picked position' },
        'position.skip': { target: 'listing', actions: 'forget position' },
      },
    },
    locating: {
      invoke: {
        src: 'locate',
        onDone: { target: 'listing', actions: { type: 'store device position', params: ({ event }) => ({ position: event.output }) } },
        onError: [
          { guard: { type: 'visitor refused', params: ({ event }) => ({ error: event.error }) }, target: 'asking', actions: 'note refusal' },
          { target: 'asking', actions: 'note no position' },
        ],
      },
      // The browser's prompt may stay unanswered: a pick or «Continue without location» goes on without it.
      on: {
        'position.pick': { target: 'listing', actions: 'store picked position' },
        'position.skip': { target: 'listing', actions: 'forget position' },
      },
    },
    listing: {
      invoke: {
        src: 'load branches',
        input: ({ context }) => ({ position: context.position }),
        onDone: { target: 'ready', actions: { type: 'store branches', params: ({ event }) => ({ branches: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { 'branches.retry': 'listing' } },
    ready: {
      type: 'parallel',
      states: {
        place: {
          initial: 'start',
          states: {
            start: { always: [{ guard: 'position is known', target: 'naming' }, { target: 'done' }] },
            // Naming the place is a courtesy: a failure leaves it unnamed.
            naming: {
              invoke: {
                src: 'name place',
                input: ({ context }) => context.position as Point,
                onDone: { target: 'done', actions: { type: 'store place', params: ({ event }) => ({ place: event.output }) } },
                onError: 'done',
              },
            },
            done: {},
          },
        },
        remembered: {
          initial: 'start',
          states: {
            // A signed-in customer's position is kept (set_last_location) for the next visit's order.
            start: { always: [{ guard: 'visitor is signed in and located', target: 'storing' }, { target: 'done' }] },
            storing: { invoke: { src: 'store position', input: ({ context }) => context.position as Point, onDone: 'done', onError: 'done' } },
            done: {},
          },
        },
      },
      on: {
        'branch.choose': { guard: 'branch can be ordered from', target: 'choice', actions: 'choose branch' },
        'position.change': { target: 'asking', actions: 'forget position' },
      },
    },
    choice: {
      always: [{ guard: 'a cart would be left', target: 'confirmingCart' }, { target: 'selecting' }],
    },
    // Lines never move between branches' prices: keep them at the branch being left, or clear them.
    confirmingCart: {
      on: {
        'cart.keep': { target: 'selecting', actions: 'keep cart' },
        'cart.clear': { target: 'selecting', actions: 'clear cart' },
        'choice.cancel': { target: 'ready', actions: 'forget choice' },
      },
    },
    selecting: {
      invoke: {
        src: 'select branch',
        input: ({ context }) => ({ branchId: context.chosenId as number, clearCart: context.clearCart, position: context.position }),
        onDone: { target: 'entered', actions: { type: 'enter branch', params: ({ event }) => ({ shop: event.output }) } },
        onError: [
          { guard: 'branches are listed', target: 'ready', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
          { target: 'asking', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    entered: { type: 'final' },
  },
});
