import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { NavigateFunction } from 'react-router-dom';
import { authMachine, type AuthStep } from '@machines/auth-machine';
import type { User } from '@contract/index';
import { call } from '@/api/client';
import type { AppActor } from '@/ui/app-actor';

export type AuthActor = ActorRefFrom<typeof authMachine>;

const stepPaths: Record<AuthStep, string> = {
  login: '/authentication/login',
  verify: '/authentication/verify',
  register: '/authentication/register',
};
const REF_KEY = 'storefront.ref';

/** What the live machine's view actions need; the mounted page keeps them current. */
const bindings: { navigate: NavigateFunction | null; app: AppActor | null } = { navigate: null, app: null };
let current: AuthActor | null = null;

/** Tells the app machine about the (new or ended) session and reloads the cart that belongs to it. */
export function announceSession(app: AppActor | null, user: User | null): void {
  if (!app) return;
  app.send({ type: 'session.update', user });
  call('get_cart', {})
    .then((cart) => app.send({ type: 'cart.update', cart }))
    .catch(() => undefined);
}

const liveAuthMachine = authMachine.provide({
  actors: {
    'send code': fromPromise(async ({ input }: { input: { phone: string } }) => {
      const sent = await call('login', { phone_number: input.phone });
      return { phone: sent.phone, resend_after: sent.resend_after };
    }),
    'check code': fromPromise(({ input }: { input: { code: string } }) => call('check_verify_code', { verify_code: input.code })),
    register: fromPromise(({ input }: { input: { name: string; ref: string | null } }) =>
      call('complete_register', { name: input.name, ...(input.ref ? { ref: input.ref } : {}) }),
    ),
    'log out': fromPromise(async () => {
      await call('logout', {});
    }),
  },
  actions: {
    'show step': (_, params) => bindings.navigate?.(stepPaths[params.step], { replace: params.step !== 'verify' }),
    // After the session reaches the app (the next action): the guards first send a logged-in user
    // off the auth page to '/', and this later navigation then wins.
    'leave to origin': (_, params) => {
      setTimeout(() => bindings.navigate?.(params.from, { replace: true }), 0);
    },
    'announce session': (_, params) => {
      if (params.user) sessionStorage.removeItem(REF_KEY);
      announceSession(bindings.app, params.user);
    },
    'go home': () => {
      setTimeout(() => bindings.navigate?.('/', { replace: true }), 0);
    },
  },
});

/** Keeps the referral code of a share link until registration. */
function rememberedRef(): string | null {
  const fromUrl = new URLSearchParams(window.location.search).get('ref');
  if (fromUrl) sessionStorage.setItem(REF_KEY, fromUrl);
  return sessionStorage.getItem(REF_KEY);
}

/**
 * The login flow's actor, shared by the login, verify and register pages. A
 * fresh one starts on the login page unless a flow is under way.
 */
export function authActorFor(step: AuthStep, from: string | null, bind: { navigate: NavigateFunction; app: AppActor }): AuthActor {
  bindings.navigate = bind.navigate;
  bindings.app = bind.app;
  const snapshot = current?.getSnapshot();
  const underWay = snapshot && !snapshot.matches('loggedIn') && snapshot.status === 'active';
  const stale = !underWay || (step === 'login' && snapshot.matches('phone'));
  if (!current || stale) {
    current?.stop();
    current = createActor(liveAuthMachine, { input: { from: from ?? '/', ref: rememberedRef() } });
    current.start();
  }
  return current;
}
