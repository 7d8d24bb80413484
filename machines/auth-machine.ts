import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { User } from '@contract/entities/user';
import { normalizeMobile } from '@contract/phone';
import { asFailure, messageOf, waitSecondsOf } from './api-failure';
import { notProvided } from './not-provided';

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
  /** where the user was going (route guards' `from`, the login modal's page) */
  from: string;
  /** referral code to send with complete_register */
  ref: string | null;
  /** seconds until the code may be resent */
  secondsLeft: number;
  problem: AuthProblem | null;
  user: User | null;
}

export interface AuthInput {
  from?: string | null;
  ref?: string | null;
  user?: User | null;
}

export type AuthEvent =
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
}
export interface CodeChecked {
  registered: boolean;
  user: User | null;
}

/**
 * Login by phone and SMS code, registration of a new user, and logout with
 * confirmation. Navigation and telling the app about the session are actions
 * the view provides ('show step', 'announce session', 'leave to origin', 'go home').
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
    // A one-second ticker for the resend countdown; tests provide a silent one and send the ticks.
    countdown: fromCallback(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'countdown.tick' }), 1000);
      return () => clearInterval(timer);
    }),
  },
  guards: {
    'started logged in': ({ context }) => context.user !== null,
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
    'start countdown': assign((_, params: { sent: CodeSent }) => ({ secondsLeft: params.sent.resend_after, phone: params.sent.phone, problem: null })),
    'count down': assign(({ context }) => ({ secondsLeft: Math.max(0, context.secondsLeft - 1) })),
    'store user': assign((_, params: { user: User | null }) => ({ user: params.user })),
    // Provided by the view: navigation and the app machine's session.
    'show step': (_, _params: { step: AuthStep }) => {},
    'announce session': (_, _params: { user: User | null }) => {},
    'leave to origin': (_, _params: { from: string }) => {},
    'go home': () => {},
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    phone: '',
    from: input.from || '/',
    ref: input.ref ?? null,
    secondsLeft: 0,
    problem: null,
    user: input.user ?? null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'started logged in', target: 'loggedIn' }, { target: 'phone' }],
    },
    phone: {
      on: {
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
        'phone.edit': { target: 'phone', actions: ['clear problem', { type: 'show step', params: { step: 'login' } }] },
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
                actions: [
                  { type: 'store user', params: ({ event }) => ({ user: event.output.user }) },
                  { type: 'leave to origin', params: ({ context }) => ({ from: context.from }) },
                  { type: 'announce session', params: ({ event }) => ({ user: event.output.user }) },
                ],
              },
              { target: '#auth.register', actions: { type: 'show step', params: { step: 'register' } } },
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
            onDone: { target: 'waiting', actions: { type: 'start countdown', params: ({ event }) => ({ sent: event.output }) } },
            onError: { target: 'waiting', actions: { type: 'store resend failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    register: {
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
              actions: [
                { type: 'store user', params: ({ event }) => ({ user: event.output }) },
                { type: 'leave to origin', params: ({ context }) => ({ from: context.from }) },
                { type: 'announce session', params: ({ event }) => ({ user: event.output }) },
              ],
            },
            onError: { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    loggedIn: {
      initial: 'idle',
      states: {
        idle: { on: { 'logout.request': { target: 'confirming', actions: 'clear problem' } } },
        confirming: { on: { 'logout.confirm': 'loggingOut', 'logout.cancel': 'idle' } },
        loggingOut: {
          invoke: {
            id: 'logOut',
            src: 'log out',
            onDone: {
              target: '#auth.phone',
              actions: [
                { type: 'store user', params: { user: null } },
                'go home',
                { type: 'announce session', params: { user: null } },
              ],
            },
            onError: { target: 'idle', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});
