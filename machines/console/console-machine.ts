import { assertEvent, assign, enqueueActions, fromPromise, setup, stopChild, type ActorRefFrom, type AnyActorLogic, type AnyActorRef } from 'xstate';
import type { ConsoleSession, ConsoleShop, Staff, StaffLiveEvent } from '@contract/console/entities';
import { hasStaffCredentials } from '@contract/console/rules';
import type { Language } from '@contract/enums';
import { asFailure, type ApiFailure } from '../api-failure';
import { CONSOLE_SYSTEM_IDS } from './console-system';
import { accessRequestsMachine } from './access-requests-machine';
import { inboxMachine } from './inbox-machine';
import { notProvided } from '../not-provided';
import { staffLiveMachine } from './staff-live-machine';
import { ordersBoardMachine } from './orders-board-machine';
import type { orderDetailMachine } from './order-detail-machine';

/** What the console hands every open screen's chart after each answer of the staff's live channel. */
export type ScreensLive = { type: 'staff.live'; events: StaffLiveEvent[] };

/** What went wrong, for the view to show: a local rule (the view words it) or the server's localised message. */
export type ConsoleProblem = { kind: 'credentials-required' } | { kind: 'server'; failure: ApiFailure };

export interface ConsoleContext {
  language: Language;
  /** the Host's shop, known once the session check answered */
  shop: ConsoleShop | null;
  staff: Staff | null;
  problem: ConsoleProblem | null;
  /** the session ended on its own (a `staff_login_required` reply): the login form says so */
  sessionEnded: boolean;
  /** the board's alert was muted on this device (handed to the board) */
  alertMuted: boolean;
}

export interface ConsoleInput {
  language: Language;
  alertMuted?: boolean;
}

export interface Credentials {
  username: string;
  password: string;
}

export type ConsoleEvent =
  | { type: 'login.submit'; username: string; password: string }
  | { type: 'logout.request' }
  | { type: 'session.lost' }
  | { type: 'console.retry' }
  | { type: 'language.change'; language: Language }
  /** a screen's own chart, for as long as the screen shows (useScreenFlow in src/ui/actor-system.tsx) */
  | { type: 'screen.open'; id: string; src: 'flow'; logic: AnyActorLogic; input: unknown }
  | { type: 'screen.close'; id: string }
  /** the staff's live channel's events of one answer, for the open screens' charts */
  | { type: 'screens.live'; events: StaffLiveEvent[] };

/**
 * The operator console (systemId 'console'): asks who is logged in (staff_me) at start, shows the
 * login form or the shell, logs in and out, and returns to the login form when a code says the
 * staff session is gone (`session.lost`). While logged in it runs the support inbox ('inbox') and
 * the staff's live channel ('staffLive') as children of its system. Effects ('check session', 'log in', 'log out', 'persist
 * language') are provided by the console's composition root (src/console/live.ts).
 */
export const consoleMachine = setup({
  types: {
    context: {} as ConsoleContext,
    events: {} as ConsoleEvent,
    input: {} as ConsoleInput,
  },
  actors: {
    'check session': fromPromise<ConsoleSession, void>(notProvided('check session')),
    'log in': fromPromise<ConsoleSession, Credentials>(notProvided('log in')),
    'log out': fromPromise<null, void>(notProvided('log out')),
    // Children while a staff member is logged in; their effects are provided with the console's (src/console/live.ts).
    'staff live': staffLiveMachine,
    inbox: inboxMachine,
    'orders board': ordersBoardMachine,
    'access requests': accessRequestsMachine,
  },
  actions: {
    // A screen's chart is a child of the console (the inspector sees it); its systemId finds and stops it.
    'open screen actor': assign(({ event, spawn }) => {
      assertEvent(event, 'screen.open');
      spawn(event.logic, { systemId: event.id, input: event.input });
      return {};
    }),
    /** Every open screen's chart hears the staff's live events (the moderation queue reads itself again on ad_queued). */
    'hand to screens': enqueueActions(({ event, self, enqueue }) => {
      assertEvent(event, 'screens.live');
      const live: ScreensLive = { type: 'staff.live', events: event.events };
      // The console's other children (the inbox, the board, …) are invoked under CONSOLE_SYSTEM_IDS and hear the channel directly.
      const invoked = new Set<string>(Object.values(CONSOLE_SYSTEM_IDS));
      for (const [id, child] of Object.entries(self.getSnapshot().children)) if (!invoked.has(id) && child) enqueue.sendTo(child as AnyActorRef, live);
    }),
    'close screen actor': stopChild(({ event, system }) => {
      assertEvent(event, 'screen.close');
      return (system.get(event.id) as AnyActorRef | undefined) ?? event.id;
    }),
    /** writes the choice where the next visit finds it and applies it to the page (provided) */
    'persist language': (_, _params: { language: Language }) => {},
  },
  guards: {
    'has credentials': ({ event }) => event.type === 'login.submit' && hasStaffCredentials(event),
    'is logged in': (_, params: { session: ConsoleSession }) => params.session.staff !== null,
  },
}).createMachine({
  id: 'console',
  context: ({ input }) => ({ language: input.language, shop: null, staff: null, problem: null, sessionEnded: false, alertMuted: input.alertMuted ?? false }),
  initial: 'checking',
  on: {
    'language.change': {
      actions: [assign({ language: ({ event }) => event.language }), { type: 'persist language', params: ({ event }) => ({ language: event.language }) }],
    },
  },
  states: {
    checking: {
      invoke: {
        src: 'check session',
        onDone: [
          {
            guard: { type: 'is logged in', params: ({ event }) => ({ session: event.output }) },
            target: 'loggedIn',
            actions: assign({ shop: ({ event }) => event.output.shop, staff: ({ event }) => event.output.staff }),
          },
          { target: 'loggedOut', actions: assign({ shop: ({ event }) => event.output.shop, staff: null }) },
        ],
        onError: { target: 'failed', actions: assign({ problem: ({ event }) => ({ kind: 'server', failure: asFailure(event.error) }) as const }) },
      },
    },
    failed: {
      on: { 'console.retry': { target: 'checking', actions: assign({ problem: null }) } },
    },
    loggedOut: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'login.submit': [
              { guard: 'has credentials', target: 'submitting', actions: assign({ problem: null }) },
              { actions: assign({ problem: { kind: 'credentials-required' } }) },
            ],
          },
        },
        submitting: {
          invoke: {
            src: 'log in',
            input: ({ event }) => {
              assertEvent(event, 'login.submit');
              return { username: event.username, password: event.password };
            },
            onDone: {
              target: '#console.loggedIn',
              actions: assign({ shop: ({ event }) => event.output.shop, staff: ({ event }) => event.output.staff, sessionEnded: false }),
            },
            onError: { target: 'idle', actions: assign({ problem: ({ event }) => ({ kind: 'server', failure: asFailure(event.error) }) as const }) },
          },
        },
      },
    },
    loggedIn: {
      initial: 'idle',
      // The inbox and the live channel that feeds it live as long as the login (the inspector shows them by these ids).
      invoke: [
        { id: CONSOLE_SYSTEM_IDS.inbox, systemId: CONSOLE_SYSTEM_IDS.inbox, src: 'inbox' },
        { id: CONSOLE_SYSTEM_IDS.staffLive, systemId: CONSOLE_SYSTEM_IDS.staffLive, src: 'staff live' },
        // The board lives with the login too: the tab's title counts pending orders and the alert rings on any screen.
        {
          id: CONSOLE_SYSTEM_IDS.ordersBoard,
          systemId: CONSOLE_SYSTEM_IDS.ordersBoard,
          src: 'orders board',
          input: ({ context }) => ({ role: context.staff?.role ?? 'staff', muted: context.alertMuted }),
        },
        { id: CONSOLE_SYSTEM_IDS.accessRequests, systemId: CONSOLE_SYSTEM_IDS.accessRequests, src: 'access requests' },
      ],
      on: {
        'screen.open': { actions: 'open screen actor' },
        'screen.close': { actions: 'close screen actor' },
        'screens.live': { actions: 'hand to screens' },
        'session.lost': { target: 'loggedOut', actions: assign({ staff: null, sessionEnded: true, problem: null }) },
      },
      states: {
        idle: {
          on: { 'logout.request': { target: 'loggingOut', actions: assign({ problem: null }) } },
        },
        loggingOut: {
          invoke: {
            src: 'log out',
            onDone: { target: '#console.loggedOut', actions: assign({ staff: null, sessionEnded: false }) },
            onError: { target: 'idle', actions: assign({ problem: ({ event }) => ({ kind: 'server', failure: asFailure(event.error) }) as const }) },
          },
        },
      },
    },
  },
});

/** The console's actors by systemId (CONSOLE_SYSTEM_IDS), for `system.get` and `useSystemActor`. */
export interface ConsoleSystemActors {
  console: ActorRefFrom<typeof consoleMachine>;
  inbox: ActorRefFrom<typeof inboxMachine>;
  staffLive: ActorRefFrom<typeof staffLiveMachine>;
  ordersBoard: ActorRefFrom<typeof ordersBoardMachine>;
  orderDetail: ActorRefFrom<typeof orderDetailMachine>;
  accessRequests: ActorRefFrom<typeof accessRequestsMachine>;
}

/** Whether the logged-in staff member is the owner: the owner's screens (team, audit log, settings) are offered only then. */
export const isOwner = (snapshot: { context: Pick<ConsoleContext, 'staff'> }): boolean => snapshot.context.staff?.role === 'owner';
