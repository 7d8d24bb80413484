import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, waitFor } from 'xstate';
import type { AnyStateMachine, DoneActorEvent, ErrorActorEvent, MachineConfig, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { User } from '@contract/index';
import { authMachine } from '@machines/auth-machine';
import type { AuthContext, AuthEvent, AuthInput, AuthStep, CodeChecked, CodeSent, Recalled } from '@machines/auth-machine';
import { userFixture } from './fixtures';
import { withInvocationsAsEvents, type ConfigNode } from './model-config';

/**
 * As in the app machine's model test: createTestModel cannot run invocations,
 * so the model is the auth machine's own config with each invoke replaced by
 * the done/error events it would deliver; guards and actions stay the chart's.
 */
const INVOKED = ['recall', 'sendCode', 'checkCode', 'register', 'logOut', 'goHome'] as const;
type Invoked = (typeof INVOKED)[number];
type ModelEvent = AuthEvent | DoneActorEvent<unknown, Invoked> | ErrorActorEvent<unknown, Invoked>;

const modelMachine = createMachine(
  {
    ...(withInvocationsAsEvents(authMachine.config as ConfigNode) as MachineConfig<AuthContext, ModelEvent>),
    types: {} as { context: AuthContext; events: ModelEvent; input: AuthInput },
  },
  authMachine.implementations as never,
);

const input: AuthInput = { ref: 'AB12CD34' };
const nothingRecalled: Recalled = { ref: null, pending: null };
const sent: CodeSent = { phone: '09121234567', resend_after: 1 };
const failure = (message: string, result: string, waitSeconds?: number) =>
  Object.assign(new Error(message), { result, data: waitSeconds === undefined ? null : { wait_seconds: waitSeconds } });
const returning: CodeChecked = { registered: true, user: userFixture };
const newcomer: CodeChecked = { registered: false, user: null };

const done = (id: Invoked, output: unknown) => ({ type: `xstate.done.actor.${id}` as const, output, actorId: id });
const error = (id: Invoked, value: unknown) => ({ type: `xstate.error.actor.${id}` as const, error: value, actorId: id });

const modelEvents: ModelEvent[] = [
  done('recall', nothingRecalled),
  { type: 'phone.submit', phone: '' },
  { type: 'phone.submit', phone: '12345' },
  { type: 'phone.submit', phone: '+98 ۹۱۲ ۱۲۳ ۴۵۶۷' },
  done('sendCode', sent),
  error('sendCode', failure('Please wait 1 seconds', 'rate_limited', 1)),
  { type: 'countdown.tick' },
  { type: 'code.submit', code: ' ' },
  { type: 'code.submit', code: '123456' },
  done('checkCode', returning),
  done('checkCode', newcomer),
  error('checkCode', failure('The code has expired', 'code_expired')),
  error('checkCode', failure('The code is wrong. 4 tries left.', 'code_wrong')),
  { type: 'code.resend' },
  { type: 'phone.edit' },
  { type: 'verify.open' },
  { type: 'name.submit', name: '' },
  { type: 'name.submit', name: ' سارا احمدی ' },
  done('register', userFixture),
  error('register', failure('Enter the code first', 'not_verified')),
  { type: 'logout.request' },
  { type: 'logout.cancel' },
  { type: 'logout.confirm' },
  done('logOut', undefined),
  error('logOut', failure('network down', 'network')),
  done('goHome', undefined),
];

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  input: unknown;
}

/** The real auth machine whose actors wait for the model to settle them, and whose view actions are recorded. */
function startSystemUnderTest(start: AuthInput = input) {
  const pending = new Map<Invoked, Pending>();
  const record = { steps: [] as AuthStep[], announced: [] as (User | null)[], cartReloads: 0, home: 0, askedToLogIn: 0 };
  const deferred = <TOutput, TInput>(id: Invoked) =>
    fromPromise<TOutput, TInput>(({ input: received }) => new Promise<TOutput>((resolve, reject) => pending.set(id, { resolve: resolve as (value: unknown) => void, reject, input: received })));
  const machine = authMachine.provide({
    actors: {
      'send code': deferred<CodeSent, { phone: string }>('sendCode'),
      'check code': deferred<CodeChecked, { code: string }>('checkCode'),
      register: deferred<User, { name: string; ref: string | null }>('register'),
      'log out': deferred<void, void>('logOut'),
      'recall login': deferred<Recalled, void>('recall'),
      'go home': fromPromise<void, void>(
        () =>
          new Promise<void>((resolve, reject) => {
            record.home += 1;
            pending.set('goHome', { resolve: resolve as (value: unknown) => void, reject, input: undefined });
          }),
      ),
      countdown: fromCallback(() => () => {}),
    },
    actions: {
      'show step': (_, params) => void record.steps.push(params.step),
      'announce session': ({ context }) => void record.announced.push(context.user),
      'reload cart': () => void (record.cartReloads += 1),
      'ask to log in': () => void (record.askedToLogIn += 1),
    },
  });
  const actor = createActor(machine, { input: start });
  actor.start();
  return { actor, pending, record };
}
type System = ReturnType<typeof startSystemUnderTest>;
type ModelSnapshot = SnapshotFrom<typeof modelMachine>;

async function settlesOn(system: System, expected: ModelSnapshot) {
  await waitFor(system.actor, (snapshot) => isDeepStrictEqual(snapshot.value, expected.value) && isDeepStrictEqual(snapshot.context, expected.context), { timeout: 2_000 });
}

function eventExecutors(system: System) {
  const settle = (kind: 'done' | 'error') => async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    const id = step.event.type.split('.').pop() as Invoked;
    const request = system.pending.get(id);
    expect(request, `'${id}' was invoked`).toBeDefined();
    system.pending.delete(id);
    if (kind === 'done') request?.resolve((step.event as DoneActorEvent).output);
    else request?.reject((step.event as ErrorActorEvent).error);
    await settlesOn(system, step.state);
  };
  const send = async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    system.actor.send(step.event as AuthEvent);
    await settlesOn(system, step.state);
  };
  return Object.fromEntries([
    ...INVOKED.flatMap((id) => [
      [`xstate.done.actor.${id}`, settle('done')],
      [`xstate.error.actor.${id}`, settle('error')],
    ]),
    ...['login.open', 'verify.open', 'session.lost', 'phone.submit', 'phone.edit', 'code.submit', 'code.resend', 'countdown.tick', 'name.submit', 'logout.request', 'logout.confirm', 'logout.cancel'].map((type) => [type, send]),
  ]);
}

/** Per-state assertions on the real machine and on what it asked the view to do. */
function stateChecks(system: System) {
  const real = () => system.actor.getSnapshot();
  return {
    phone: () => {
      expect(real().matches('phone')).toBe(true);
      expect(real().context.user).toBeNull();
    },
    sendingCode: () => {
      expect(system.pending.get('sendCode')?.input).toEqual({ phone: '09121234567' });
    },
    'verify.waiting': (model: ModelSnapshot) => {
      expect(real().context.phone).toBe('09121234567');
      expect(real().can({ type: 'code.resend' })).toBe(model.context.secondsLeft === 0);
      expect(system.record.steps).toContain('verify');
    },
    'verify.checking': () => {
      expect(system.pending.get('checkCode')?.input).toEqual({ code: '123456' });
    },
    'verify.resending': () => {
      expect(system.pending.get('sendCode')?.input).toEqual({ phone: '09121234567' });
    },
    'register.editing': () => {
      expect(system.record.steps.at(-1)).toBe('register');
      expect(system.record.announced).toEqual([]);
    },
    'register.submitting': () => {
      expect(system.pending.get('register')?.input).toEqual({ name: 'سارا احمدی', ref: 'AB12CD34' });
    },
    'loggedIn.idle': () => {
      expect(real().context.user).toEqual(userFixture);
      // The app hears of the user and the cart reloads (a guest cart merges); the route guards then go back to `from`.
      expect(system.record.announced).toEqual([userFixture]);
      expect(system.record.cartReloads).toBe(1);
    },
    'loggedIn.confirming': () => {
      expect(real().can({ type: 'logout.confirm' })).toBe(true);
      expect(system.record.home).toBe(0);
    },
  };
}

const model = createTestModel(modelMachine as AnyStateMachine, { events: modelEvents });

describe('auth machine: model-based paths', () => {
  const paths = model.getShortestPaths({ input });
  const describePath = (path: (typeof paths)[number]) =>
    `${JSON.stringify(path.state.value)} via ${path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ') || 'start'}`;

  it('the model covers wrong and expired codes, resend, change number, new and returning users, and logout', () => {
    const routes = paths.map((path) => path.steps.map((step) => step.event.type).join(' '));
    // Paths that are prefixes of longer ones are dropped by the model, so count every state a path passes through.
    const visited = new Set(paths.flatMap((path) => [...path.steps.map((step) => step.state.value), path.state.value]).map((value) => JSON.stringify(value)));
    for (const value of ['"phone"', '{"verify":"waiting"}', '{"verify":"resending"}', '{"register":"editing"}', '{"register":"submitting"}', '{"loggedIn":"idle"}', '{"loggedIn":"confirming"}', '{"loggedIn":"loggingOut"}']) {
      expect(visited).toContain(value);
    }
    expect(paths.some((path) => path.state.context.problem?.kind === 'code-expired')).toBe(true);
    expect(paths.some((path) => path.state.context.problem?.kind === 'server' && path.state.matches({ verify: 'waiting' }))).toBe(true);
    expect(routes.some((route) => route.includes('phone.edit'))).toBe(true);
    expect(paths.some((path) => path.state.matches('phone') && path.steps.at(-1)?.event.type === 'xstate.done.actor.goHome')).toBe(true);
    // The server forgetting the session (login_required anywhere) logs the visitor out here too.
    expect(paths.some((path) => path.state.matches('phone') && path.steps.at(-1)?.event.type === 'session.lost' && path.steps.some((step) => step.state.matches('loggedIn')))).toBe(true);
  });

  describe.each(paths.map((path) => [describePath(path), path]))('reaches %s', (_name, path) => {
    it('the real machine follows the path', async () => {
      const system = startSystemUnderTest();
      await path.test({ states: stateChecks(system), events: eventExecutors(system) });
      expect(system.actor.getSnapshot().context).toEqual(path.state.context);
      system.actor.stop();
    });
  });

  it('Scenario: logout after logging in tells the app (user null) and goes home', async () => {
    const logoutPath = paths.find((path) => path.state.matches('phone') && path.steps.at(-1)?.event.type === 'xstate.done.actor.goHome');
    expect(logoutPath).toBeDefined();
    const system = startSystemUnderTest();
    await logoutPath?.test({ states: stateChecks(system), events: eventExecutors(system) });
    expect(system.record.home).toBe(1);
    expect(system.record.announced.at(-1)).toBeNull();
    expect(system.actor.getSnapshot().context.user).toBeNull();
  });
});

describe('auth machine: a logged-in start', () => {
  it('Scenario: opened with a user, it is logged in and can log out after confirming', async () => {
    const system = startSystemUnderTest({ user: userFixture });
    expect(system.actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    system.actor.send({ type: 'logout.confirm' });
    expect(system.actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    system.actor.send({ type: 'logout.request' });
    system.actor.send({ type: 'logout.confirm' });
    system.pending.get('logOut')?.resolve(undefined);
    // Home first, then the app hears of the logout: no guard sends the visitor to login on the way.
    await waitFor(system.actor, (snapshot) => snapshot.matches({ loggedIn: 'leaving' }));
    expect(system.record).toMatchObject({ home: 1, announced: [] });
    system.pending.get('goHome')?.resolve(undefined);
    await waitFor(system.actor, (snapshot) => snapshot.matches('phone'));
    expect(system.record).toMatchObject({ home: 1, announced: [null], cartReloads: 1 });
  });

  it('Scenario: the resend countdown ticks down to zero and no further', async () => {
    const system = startSystemUnderTest();
    system.pending.get('recall')?.resolve(nothingRecalled);
    await waitFor(system.actor, (snapshot) => snapshot.matches('phone'));
    system.actor.send({ type: 'phone.submit', phone: '09121234567' });
    system.pending.get('sendCode')?.resolve({ phone: '09121234567', resend_after: 2 });
    return waitFor(system.actor, (snapshot) => snapshot.matches('verify')).then(() => {
      expect(system.actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
      for (let tick = 0; tick < 5; tick += 1) system.actor.send({ type: 'countdown.tick' });
      expect(system.actor.getSnapshot().context.secondsLeft).toBe(0);
      expect(system.actor.getSnapshot().can({ type: 'code.resend' })).toBe(true);
    });
  });

  it("Scenario: a delayed SMS goes to the code's step with the server's notice; one that could not be sent stays on the phone's with its message", async () => {
    const system = startSystemUnderTest();
    system.pending.get('recall')?.resolve(nothingRecalled);
    await waitFor(system.actor, (snapshot) => snapshot.matches('phone'));
    system.actor.send({ type: 'phone.submit', phone: '09121234567' });
    system.pending.get('sendCode')?.resolve({ phone: '09121234567', resend_after: 60, notice: 'The SMS with your code is delayed' });
    await waitFor(system.actor, (snapshot) => snapshot.matches('verify'));
    expect(system.actor.getSnapshot().context.problem).toEqual({ kind: 'server', message: 'The SMS with your code is delayed' });
    system.actor.send({ type: 'phone.edit' });
    system.actor.send({ type: 'phone.submit', phone: '09121234567' });
    system.pending.get('sendCode')?.reject(failure('The login code could not be sent', 'sms_failed'));
    await waitFor(system.actor, (snapshot) => snapshot.matches('phone'));
    expect(system.actor.getSnapshot().context.problem).toEqual({ kind: 'server', message: 'The login code could not be sent' });
  });

  it('Scenario: the verify page opened with no code on the way (a bookmark, a typed address) shows the login step instead; with a code on the way it stays', async () => {
    const system = startSystemUnderTest();
    system.pending.get('recall')?.resolve(nothingRecalled);
    await waitFor(system.actor, (snapshot) => snapshot.matches('phone'));
    system.actor.send({ type: 'verify.open' });
    expect(system.record.steps).toEqual(['login']);
    expect(system.actor.getSnapshot().matches('phone')).toBe(true);

    const waiting = startSystemUnderTest();
    waiting.pending.get('recall')?.resolve({ ref: null, pending: { phone: '09121234567', secondsLeft: 42 } });
    await waitFor(waiting.actor, (snapshot) => snapshot.matches({ verify: 'waiting' }));
    waiting.actor.send({ type: 'verify.open' });
    expect(waiting.record.steps).toEqual([]);
  });

  it('Scenario: a reload of the verify page keeps the phone and the resend countdown', async () => {
    const system = startSystemUnderTest();
    system.pending.get('recall')?.resolve({ ref: null, pending: { phone: '09121234567', secondsLeft: 42 } });
    await waitFor(system.actor, (snapshot) => snapshot.matches({ verify: 'waiting' }));
    expect(system.actor.getSnapshot().context).toMatchObject({ phone: '09121234567', secondsLeft: 42 });
    expect(system.actor.getSnapshot().can({ type: 'code.resend' })).toBe(false);
  });

  it('Scenario: the server forgets a logged-in session: logged out here, the app told, the cart reloaded, login asked', () => {
    const system = startSystemUnderTest({ user: userFixture });
    system.actor.send({ type: 'session.lost' });
    expect(system.actor.getSnapshot().matches('phone')).toBe(true);
    expect(system.record).toMatchObject({ announced: [null], cartReloads: 1, askedToLogIn: 1 });
  });

  it('Scenario: a guest meeting login_required is asked to log in, nothing else changes', async () => {
    const system = startSystemUnderTest();
    system.pending.get('recall')?.resolve(nothingRecalled);
    await waitFor(system.actor, (snapshot) => snapshot.matches('phone'));
    system.actor.send({ type: 'session.lost' });
    expect(system.actor.getSnapshot().matches('phone')).toBe(true);
    expect(system.record).toMatchObject({ announced: [], cartReloads: 0, askedToLogIn: 1 });
  });
});
