import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import type { ConsoleSession } from '@contract/console/entities';
import type { Language } from '@contract/enums';
import { consoleMachine, isOwner, type Credentials } from '@machines/console/console-machine';

const SHOP = { id: 1, slug: 'kebab', name: 'کباب', name_en: 'Kebab', currency: 'IRT' as const, interface_id: 2 };
const STAFF = { id: 7, name: 'مدیر فروشگاه', username: 'admin', role: 'owner' as const };
const loggedIn: ConsoleSession = { shop: SHOP, staff: STAFF };
const anonymous: ConsoleSession = { shop: SHOP, staff: null };
const refused = { result: 'staff_login_failed', message: 'نام کاربری یا رمز عبور نادرست است.' };

interface Stubs {
  check?: () => Promise<ConsoleSession>;
  login?: (credentials: Credentials) => Promise<ConsoleSession>;
  logout?: () => Promise<null>;
}

/** The console chart with stubbed effects; `calls` records what it asked for. */
function start(stubs: Stubs = {}) {
  const calls = { checks: 0, logins: [] as Credentials[], logouts: 0, languages: [] as Language[] };
  const machine = consoleMachine.provide({
    actors: {
      'check session': fromPromise(async () => {
        calls.checks += 1;
        return (stubs.check ?? (async () => anonymous))();
      }),
      'log in': fromPromise(async ({ input }: { input: Credentials }) => {
        calls.logins.push(input);
        return (stubs.login ?? (async () => loggedIn))(input);
      }),
      'log out': fromPromise(async () => {
        calls.logouts += 1;
        return (stubs.logout ?? (async () => null))();
      }),
    },
    actions: { 'persist language': (_, params) => void calls.languages.push(params.language) },
  });
  const actor = createActor(machine, { input: { language: 'fa' } }).start();
  return { actor, calls };
}

describe('the console chart', () => {
  it('Scenario: without a staff session the start shows the login form with the shop known', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (state) => state.matches({ loggedOut: 'idle' }));
    expect(calls.checks).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ shop: SHOP, staff: null, problem: null });
    expect(actor.getSnapshot().can({ type: 'logout.request' })).toBe(false);
  });

  it('Scenario: a live staff session goes straight to the shell', async () => {
    const { actor } = start({ check: async () => loggedIn });
    await waitFor(actor, (state) => state.matches({ loggedIn: 'idle' }));
    expect(actor.getSnapshot().context.staff).toEqual(STAFF);
    expect(actor.getSnapshot().can({ type: 'logout.request' })).toBe(true);
  });

  it('Scenario: empty fields are refused by the chart without a call', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (state) => state.matches('loggedOut'));
    // The button stays enabled (an empty form is answered with a message, not a dead button).
    actor.send({ type: 'login.submit', username: '  ', password: 'x' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'credentials-required' });
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
    expect(calls.logins).toEqual([]);
  });

  it('Scenario: a wrong password keeps the form and carries the server message; the next try clears it', async () => {
    let attempt = 0;
    const { actor, calls } = start({
      login: async () => {
        attempt += 1;
        if (attempt === 1) throw refused;
        return loggedIn;
      },
    });
    await waitFor(actor, (state) => state.matches('loggedOut'));
    actor.send({ type: 'login.submit', username: 'admin', password: 'wrong' });
    expect(actor.getSnapshot().matches({ loggedOut: 'submitting' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'login.submit', username: 'admin', password: 'again' })).toBe(false);
    await waitFor(actor, (state) => state.context.problem !== null);
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'server', failure: refused });

    actor.send({ type: 'login.submit', username: 'admin', password: 'demo-kebab' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    await waitFor(actor, (state) => state.matches('loggedIn'));
    expect(calls.logins).toEqual([
      { username: 'admin', password: 'wrong' },
      { username: 'admin', password: 'demo-kebab' },
    ]);
    expect(actor.getSnapshot().context.staff).toEqual(STAFF);
  });

  it('Scenario: logout goes back to the login form and forgets the staff member, keeping the shop', async () => {
    const { actor, calls } = start({ check: async () => loggedIn });
    await waitFor(actor, (state) => state.matches('loggedIn'));
    actor.send({ type: 'logout.request' });
    expect(actor.getSnapshot().matches({ loggedIn: 'loggingOut' })).toBe(true);
    await waitFor(actor, (state) => state.matches('loggedOut'));
    expect(calls.logouts).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ staff: null, shop: SHOP, sessionEnded: false });
  });

  it('Scenario: a failed logout stays logged in and says why', async () => {
    const { actor } = start({ check: async () => loggedIn, logout: async () => Promise.reject(new Error('offline')) });
    await waitFor(actor, (state) => state.matches('loggedIn'));
    actor.send({ type: 'logout.request' });
    await waitFor(actor, (state) => state.context.problem !== null);
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toMatchObject({ kind: 'server', failure: { result: 'network_error', message: 'offline' } });
  });

  it('Scenario: a code that finds the staff session gone returns to the login form, saying so', async () => {
    const { actor } = start({ check: async () => loggedIn });
    await waitFor(actor, (state) => state.matches('loggedIn'));
    actor.send({ type: 'session.lost' });
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ staff: null, sessionEnded: true });
  });

  it('Scenario: the session check failing shows the failure; retry checks again', async () => {
    let attempt = 0;
    const { actor, calls } = start({
      check: async () => {
        attempt += 1;
        if (attempt === 1) throw { result: 'service_unavailable', message: 'سرویس موقتا در دسترس نیست' };
        return loggedIn;
      },
    });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(actor.getSnapshot().context.problem).toMatchObject({ kind: 'server', failure: { result: 'service_unavailable' } });
    actor.send({ type: 'console.retry' });
    await waitFor(actor, (state) => state.matches('loggedIn'));
    expect(calls.checks).toBe(2);
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('Scenario: the language changes in any state and is persisted', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'language.change', language: 'en' });
    await waitFor(actor, (state) => state.matches('loggedOut'));
    actor.send({ type: 'language.change', language: 'fa' });
    expect(calls.languages).toEqual(['en', 'fa']);
    expect(actor.getSnapshot().context.language).toBe('fa');
  });

  it("Scenario: the owner's screens are offered to the owner only, and a screen's own chart lives while it is open", async () => {
    const staff: ConsoleSession = { shop: SHOP, staff: { ...STAFF, id: 8, role: 'staff' } };
    const asStaff = start({ check: async () => staff }).actor;
    await waitFor(asStaff, (state) => state.matches('loggedIn'));
    expect(isOwner(asStaff.getSnapshot())).toBe(false);
    const { actor } = start({ check: async () => loggedIn });
    await waitFor(actor, (state) => state.matches('loggedIn'));
    expect(isOwner(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'screen.open', id: 'flow:team', src: 'flow', logic: createMachine({}), input: undefined });
    expect(actor.system.get('flow:team')).toBeDefined();
    actor.send({ type: 'screen.close', id: 'flow:team' });
    expect(actor.system.get('flow:team')).toBeUndefined();
  });

  it("Scenario: the staff live channel's events reach every open screen's chart (the moderation queue), not the console's other children", async () => {
    const { actor } = start({ check: async () => loggedIn });
    await waitFor(actor, (state) => state.matches('loggedIn'));
    const heard: unknown[] = [];
    const screen = createMachine({ on: { 'staff.live': { actions: ({ event }) => void heard.push(event) } } });
    actor.send({ type: 'screen.open', id: 'flow:ads', src: 'flow', logic: screen, input: undefined });
    const events = [{ id: 4, type: 'ad_queued' as const, ad_id: 9 }];
    actor.send({ type: 'screens.live', events });
    expect(heard).toEqual([{ type: 'staff.live', events }]);
    actor.send({ type: 'screen.close', id: 'flow:ads' });
    actor.send({ type: 'screens.live', events });
    expect(heard).toHaveLength(1);
  });
});
