import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { User } from '@contract/entities/user';
import { normalizeMobile } from '@contract/phone';
import { asFailure, messageOf, waitSecondsOf } from './api-failure';
import { notProvided } from './not-provided';
import { inSystem } from './system';

/** What went wrong, for the view to show: a local rule (the view words it) or the server's localised message. */
export type AuthProblem =
  | { kind: 'phone-required' }
  | { kind: 'phone-invalid' }
  | { kind: 'code-required' }
  | { kind: 'name-required' }
  | { kind: 'code-expired'; message: string }
  | { kind: 'server'; message: string };

export type AuthStep = 'login' | 'verify' | 'register';

export interface AuthContext {
  /** canonical 09… once accepted */
  phone: string;
  /** referral code to send with complete_register */
  ref: string | null;
  /** seconds until the code may be resent */
  secondsLeft: number;
  problem: AuthProblem | null;
  user: User | null;
}

export interface AuthInput {
  ref?: string | null;
  user?: User | null;
  /** a code sent before a reload of the verify page: its phone and the seconds left before a resend */
  pending?: { phone: string; secondsLeft: number } | null;
}

/** What the tab remembered for the login flow. */
export interface Recalled {
  ref: string | null;
  pending: AuthInput['pending'];
}

export type AuthEvent =
  | { type: 'login.open' }
  /** the verify page shows (a bookmark or a typed address may open it with no code on the way) */
  | { type: 'verify.open' }
  | { type: 'session.lost' }
  | { type: 'phone.submit'; phone: string }
  | { type: 'phone.edit' }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  | { type: 'countdown.tick' }
  | { type: 'name.submit'; name: string }
  | { type: 'logout.request' }
  | { type: 'logout.confirm' }
  | { type: 'logout.cancel' };

/** Reply of `login` (send/resend a code). */
export interface CodeSent {
  phone: string;
  resend_after: number;
  /** the SMS is delayed and retried: the server's words, shown on the code's step */
  notice?: string | null;
}
export interface CodeChecked {
  registered: boolean;
  user: User | null;
}

/**
 * The session (systemId 'session'): login by phone and SMS code, registration
 * of a new user, logout with confirmation, and a session the server no longer
 * knows. It tells the app who is logged in and has the cart reload; the route
 * guards take a logged-in user back to where they were going. Navigation
 * ('show step', 'ask to log in', 'go home') and remembering a sent code across
 * a reload are provided by the composition root.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    'send code': fromPromise<CodeSent, { phone: string }>(notProvided('send code')),
    'check code': fromPromise<CodeChecked, { code: string }>(notProvided('check code')),
    register: fromPromise<User, { name: string; ref: string | null }>(notProvided('register')),
    'log out': fromPromise<void, void>(notProvided('log out')),
    // Leaving for the home page completes before the app hears of the logout, so no guard sends the visitor to login first.
    'go home': fromPromise<void, void>(notProvided('go home')),
    // What this tab remembers across a reload: a code already sent, a share link's referral code.
    'recall login': fromPromise<Recalled, void>(async () => ({ ref: null, pending: null })),
    // A one-second ticker for the resend countdown; tests provide a silent one and send the ticks.
    countdown: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'countdown.tick' }), 1000);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    'started logged in': ({ context }) => context.user !== null,
    'a code is pending': ({ context }) => context.phone !== '',
    'phone is empty': ({ event }) => event.type === 'phone.submit' && event.phone.trim() === '',
    'phone is invalid': ({ event }) => event.type === 'phone.submit' && normalizeMobile(event.phone) === null,
    'code is empty': ({ event }) => event.type === 'code.submit' && event.code.trim() === '',
    'name is empty': ({ event }) => event.type === 'name.submit' && event.name.trim() === '',
    'countdown running': ({ context }) => context.secondsLeft > 0,
    'can resend': ({ context }) => context.secondsLeft === 0,
    'is registered': (_, params: { checked: CodeChecked }) => params.checked.registered && params.checked.user !== null,
    'code expired': (_, params: { error: unknown }) => ['code_expired', 'rate_limited'].includes(asFailure(params.error).result),
  },
  actions: {
    'flag problem': assign((_, params: { problem: AuthProblem }) => ({ problem: params.problem })),
    'clear problem': assign({ problem: null }),
    'store failure': assign((_, params: { error: unknown }) => ({
      problem: { kind: 'server', message: messageOf(params.error) } as AuthProblem,
      secondsLeft: waitSecondsOf(params.error) ?? 0,
    })),
    'store resend failure': assign(({ context }, params: { error: unknown }) => ({
      problem: { kind: 'server', message: messageOf(params.error) } as AuthProblem,
      secondsLeft: waitSecondsOf(params.error) ?? context.secondsLeft,
    })),
    'flag code expired': assign(({ context }, params: { error: unknown }) => ({
      problem: { kind: 'code-expired', message: messageOf(params.error) } as AuthProblem,
      secondsLeft: waitSecondsOf(params.error) ?? context.secondsLeft,
    })),
    'store phone': assign(({ event }) => {
      assertEvent(event, 'phone.submit');
      return { phone: normalizeMobile(event.phone) ?? '' };
    }),
    'start countdown': assign((_, params: { sent: CodeSent }) => ({
      secondsLeft: params.sent.resend_after,
      phone: params.sent.phone,
      problem: params.sent.notice ? ({ kind: 'server', message: params.sent.notice } as AuthProblem) : null,
    })),
    'count down': assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    'store user': assign((_, params: { user: User | null }) => ({ user: params.user })),
    'store recalled': assign(({ context }, params: { recalled: Recalled }) => ({
      ref: params.recalled.ref ?? context.ref,
      phone: params.recalled.pending?.phone ?? context.phone,
      secondsLeft: params.recalled.pending?.secondsLeft ?? context.secondsLeft,
    })),
    'forget user': assign({ user: null, phone: '', problem: null, secondsLeft: 0 }),
    'announce session': sendTo(inSystem('app'), ({ context }) => ({ type: 'session.update' as const, user: context.user })),
    'reload cart': sendTo(inSystem('cart'), { type: 'cart.reload' as const }),
    // Provided by the composition root: navigation and sessionStorage.
    'show step': (_, _params: { step: AuthStep }) => {},
    'ask to log in': () => {},
    'remember code sent': (_, _params: { phone: string; secondsLeft: number }) => {},
    'forget code sent': () => {},
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    phone: input.user ? '' : (input.pending?.phone ?? ''),
    ref: input.ref ?? null,
    secondsLeft: input.user ? 0 : (input.pending?.secondsLeft ?? 0),
    problem: null,
    user: input.user ?? null,
  }),
  initial: 'start',
  on: {
    // Any call answered login_required: the visitor is asked to log in (and comes back after).
    'session.lost': { actions: 'ask to log in' },
  },
  states: {
    start: {
      always: [{ guard: 'started logged in', target: 'loggedIn' }, { target: 'recalling' }],
    },
    recalling: {
      invoke: {
        id: 'recall',
        src: 'recall login',
        onDone: { target: 'routing', actions: { type: 'store recalled', params: ({ event }) => ({ recalled: event.output }) } },
        onError: 'routing',
      },
    },
    // A code sent before a reload of the verify page is still being waited for.
    routing: {
      always: [{ guard: 'a code is pending', target: 'verify' }, { target: 'phone' }],
    },
    phone: {
      on: {
        'login.open': { actions: 'clear problem' },
        // No code on the way: the number is asked first.
        'verify.open': { actions: { type: 'show step', params: { step: 'login' } } },
        'phone.submit': [
          { guard: 'phone is empty', actions: { type: 'flag problem', params: { problem: { kind: 'phone-required' } } } },
          { guard: 'phone is invalid', actions: { type: 'flag problem', params: { problem: { kind: 'phone-invalid' } } } },
          { target: 'sendingCode', actions: ['store phone', 'clear problem'] },
        ],
      },
    },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'send code',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: {
          target: 'verify',
          actions: [
            { type: 'start countdown', params: ({ event }) => ({ sent: event.output }) },
            { type: 'remember code sent', params: ({ event }) => ({ phone: event.output.phone, secondsLeft: event.output.resend_after }) },
            { type: 'show step', params: { step: 'verify' } },
          ],
        },
        onError: { target: 'phone', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    verify: {
      invoke: { id: 'countdown', src: 'countdown' },
      on: {
        'countdown.tick': { guard: 'countdown running', actions: 'count down' },
        'phone.edit': { target: 'phone', actions: ['clear problem', 'forget code sent', { type: 'show step', params: { step: 'login' } }] },
        // Back on the login page: the number is asked again.
        'login.open': { target: 'phone', actions: ['clear problem', 'forget code sent'] },
      },
      initial: 'waiting',
      states: {
        waiting: {
          on: {
            'code.submit': [
              { guard: 'code is empty', actions: { type: 'flag problem', params: { problem: { kind: 'code-required' } } } },
              { target: 'checking', actions: 'clear problem' },
            ],
            'code.resend': { guard: 'can resend', target: 'resending', actions: 'clear problem' },
          },
        },
        checking: {
          invoke: {
            id: 'checkCode',
            src: 'check code',
            input: ({ event }) => {
              assertEvent(event, 'code.submit');
              return { code: event.code.trim() };
            },
            onDone: [
              {
                guard: { type: 'is registered', params: ({ event }) => ({ checked: event.output }) },
                target: '#auth.loggedIn',
                actions: [{ type: 'store user', params: ({ event }) => ({ user: event.output.user }) }, 'forget code sent', 'announce session', 'reload cart'],
              },
              { target: '#auth.register', actions: ['forget code sent', { type: 'show step', params: { step: 'register' } }] },
            ],
            onError: [
              {
                guard: { type: 'code expired', params: ({ event }) => ({ error: event.error }) },
                target: 'waiting',
                actions: { type: 'flag code expired', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'waiting', actions: { type: 'store resend failure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        resending: {
          invoke: {
            id: 'sendCode',
            src: 'send code',
            input: ({ context }) => ({ phone: context.phone }),
            onDone: {
              target: 'waiting',
              actions: [
                { type: 'start countdown', params: ({ event }) => ({ sent: event.output }) },
                { type: 'remember code sent', params: ({ event }) => ({ phone: event.output.phone, secondsLeft: event.output.resend_after }) },
              ],
            },
            onError: { target: 'waiting', actions: { type: 'store resend failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    register: {
      on: {
        // Back from the name's step lands on the login page: another number may log in instead.
        'login.open': { target: 'phone', actions: 'clear problem' },
        // The code was taken already: its page shows the name's step.
        'verify.open': { actions: { type: 'show step', params: { step: 'register' } } },
      },
      initial: 'editing',
      states: {
        editing: {
          on: {
            'name.submit': [
              { guard: 'name is empty', actions: { type: 'flag problem', params: { problem: { kind: 'name-required' } } } },
              { target: 'submitting', actions: 'clear problem' },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context, event }) => {
              assertEvent(event, 'name.submit');
              return { name: event.name.trim(), ref: context.ref };
            },
            onDone: {
              target: '#auth.loggedIn',
              actions: [{ type: 'store user', params: ({ event }) => ({ user: event.output }) }, 'announce session', 'reload cart'],
            },
            onError: { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    loggedIn: {
      initial: 'idle',
      on: {
        // The server forgot the session (cookie gone or expired): logged out here too, then asked to log in.
        'session.lost': { target: 'phone', actions: ['forget user', 'announce session', 'reload cart', 'ask to log in'] },
      },
      states: {
        idle: { on: { 'logout.request': { target: 'confirming', actions: 'clear problem' } } },
        confirming: { on: { 'logout.confirm': 'loggingOut', 'logout.cancel': 'idle' } },
        // Logging out already: a login_required on the way out changes nothing.
        loggingOut: {
          on: { 'session.lost': {} },
          invoke: {
            id: 'logOut',
            src: 'log out',
            onDone: 'leaving',
            onError: { target: 'idle', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        leaving: {
          on: { 'session.lost': {} },
          invoke: {
            id: 'goHome',
            src: 'go home',
            onDone: { target: '#auth.phone', actions: ['forget user', 'announce session', 'reload cart'] },
            onError: { target: '#auth.phone', actions: ['forget user', 'announce session', 'reload cart'] },
          },
        },
      },
    },
  },
});
