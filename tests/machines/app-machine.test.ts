import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Language, Shop, User } from '@contract/index';
import { appMachine, STARTUP_STEPS } from '@machines/app-machine';
import type { StartupStep } from '@machines/app-machine';
import {
  bannersFixture,
  conversationsFixture,
  emptyCartFixture,
  foldersFixture,
  shopFixture,
  shopInDevelopmentFixture,
  slidesFixture,
  userFixture,
} from './fixtures';

interface StubOptions {
  language?: Language;
  user?: User | null;
  /** shops returned by successive 'load shop' calls; the last one repeats */
  shops?: Shop[];
  /** this step rejects on its first call and succeeds afterwards */
  failOnce?: StartupStep;
}

/** Stub actors that record each call in order, so a test can assert the startup sequence. */
function startWithStubs(options: StubOptions = {}) {
  const calls: StartupStep[] = [];
  const shopInputs: { language: Language }[] = [];
  const persistedLanguages: Language[] = [];
  const failed = new Set<StartupStep>();
  const shops = options.shops ?? [shopFixture];
  let shopCalls = 0;

  const step = async <T>(name: StartupStep, value: () => T): Promise<T> => {
    calls.push(name);
    if (options.failOnce === name && !failed.has(name)) {
      failed.add(name);
      throw new Error(`${name} is unavailable`);
    }
    return value();
  };

  const machine = appMachine.provide({
    actors: {
      'load language': fromPromise(() => step('language', () => options.language ?? 'en')),
      'load shop': fromPromise(({ input }: { input: { language: Language } }) => {
        shopInputs.push(input);
        return step('shop', () => shops[Math.min(shopCalls++, shops.length - 1)]);
      }),
      'load user': fromPromise(() => step('user', () => (options.user === undefined ? userFixture : options.user))),
      'load conversations': fromPromise(() => step('conversations', () => conversationsFixture)),
      'load cart': fromPromise(() => step('cart', () => emptyCartFixture)),
      'load slides': fromPromise(() => step('slides', () => slidesFixture)),
      'load folders': fromPromise(() => step('folders', () => foldersFixture)),
      'load banners': fromPromise(() => step('banners', () => bannersFixture)),
    },
    actions: {
      'persist language': ({ context }) => {
        persistedLanguages.push(context.language);
      },
    },
  });
  const actor = createActor(machine, { systemId: 'app' }).start();
  return { actor, calls, shopInputs, persistedLanguages };
}

const withTimeout = { timeout: 2_000 };

describe('app machine: startup (spec §4)', () => {
  it('Scenario: a logged-in user starts the app and every step runs in spec order', async () => {
    const { actor, calls } = startWithStubs({ user: userFixture });
    const snapshot = await waitFor(actor, (s) => s.matches('ready'), withTimeout);

    expect(calls).toEqual(['language', 'shop', 'user', 'conversations', 'cart', 'slides', 'folders', 'banners']);
    expect(snapshot.context).toMatchObject({
      language: 'en',
      shop: shopFixture,
      user: userFixture,
      conversations: conversationsFixture,
      // Handed to the cart actor, which owns it from now on.
      cart: null,
      slides: slidesFixture,
      folders: foldersFixture,
      banners: bannersFixture,
      failure: null,
    });
  });

  it('Scenario: an anonymous visitor starts the app and the chat list is skipped', async () => {
    const { actor, calls } = startWithStubs({ user: null });
    const snapshot = await waitFor(actor, (s) => s.matches('ready'), withTimeout);

    expect(calls).toEqual(['language', 'shop', 'user', 'cart', 'slides', 'folders', 'banners']);
    expect(snapshot.context.user).toBeNull();
    expect(snapshot.context.conversations).toBeNull();
  });

  it.each(['fa', 'en'] as const)('Scenario: the loaded language %s is sent to get_shop', async (language) => {
    const { actor, shopInputs } = startWithStubs({ language });
    await waitFor(actor, (s) => s.matches('ready'), withTimeout);

    expect(shopInputs).toEqual([{ language }]);
    expect(actor.getSnapshot().context.language).toBe(language);
  });

  it('Scenario: a shop in development shows maintenance and loads nothing more', async () => {
    const { actor, calls } = startWithStubs({ shops: [shopInDevelopmentFixture] });
    const snapshot = await waitFor(actor, (s) => s.matches('maintenance'), withTimeout);

    expect(calls).toEqual(['language', 'shop']);
    expect(snapshot.context.shop?.state_of_development).toBe(1);
    expect(snapshot.context.user).toBeNull();
    expect(Object.keys(snapshot.children)).toEqual([]);
  });

  it('Scenario: retry in maintenance reloads the shop and continues once it is open', async () => {
    const { actor, calls } = startWithStubs({ shops: [shopInDevelopmentFixture, shopFixture] });
    await waitFor(actor, (s) => s.matches('maintenance'), withTimeout);

    actor.send({ type: 'app.retry' });
    const snapshot = await waitFor(actor, (s) => s.matches('ready'), withTimeout);

    expect(calls.slice(0, 3)).toEqual(['language', 'shop', 'shop']);
    expect(snapshot.context.shop?.state_of_development).toBe(0);
  });

  it('Scenario: nothing runs until the view provides the actors', async () => {
    const actor = createActor(appMachine).start();
    const snapshot = await waitFor(actor, (s) => s.matches('failed'), withTimeout);

    expect(snapshot.context.failure).toEqual({ step: 'language', message: "'load language' not provided" });
  });
});

describe('app machine: failure and retry', () => {
  it.each(STARTUP_STEPS.map((step) => [step]))(
    'Scenario: the %s step fails, retry re-runs only that step and reaches ready',
    async (failing) => {
      const { actor, calls } = startWithStubs({ user: userFixture, failOnce: failing });
      const failedSnapshot = await waitFor(actor, (s) => s.matches('failed'), withTimeout);

      const upToFailure = STARTUP_STEPS.slice(0, STARTUP_STEPS.indexOf(failing) + 1);
      expect(failedSnapshot.context.failure).toEqual({ step: failing, message: `${failing} is unavailable` });
      expect(calls).toEqual(upToFailure);

      actor.send({ type: 'app.retry' });
      const readySnapshot = await waitFor(actor, (s) => s.matches('ready'), withTimeout);

      expect(calls.slice(upToFailure.length)).toEqual(STARTUP_STEPS.slice(STARTUP_STEPS.indexOf(failing)));
      expect(readySnapshot.context.failure).toBeNull();
      expect(readySnapshot.context.banners).toEqual(bannersFixture);
    },
  );

  it('Scenario: retry is ignored while the app is ready', async () => {
    const { actor, calls } = startWithStubs();
    await waitFor(actor, (s) => s.matches('ready'), withTimeout);
    const before = calls.length;

    actor.send({ type: 'app.retry' });

    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(calls).toHaveLength(before);
  });
});

describe('app machine: events', () => {
  it('Scenario: changing the language in ready assigns it and persists it', async () => {
    const { actor, persistedLanguages } = startWithStubs({ language: 'fa' });
    await waitFor(actor, (s) => s.matches('ready'), withTimeout);

    actor.send({ type: 'language.change', language: 'en' });

    expect(actor.getSnapshot().context.language).toBe('en');
    expect(persistedLanguages).toEqual(['en']);
  });

  it('Scenario: changing the language on the failure page is accepted too', async () => {
    const { actor, persistedLanguages } = startWithStubs({ language: 'fa', failOnce: 'shop' });
    await waitFor(actor, (s) => s.matches('failed'), withTimeout);

    actor.send({ type: 'language.change', language: 'en' });

    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.language).toBe('en');
    expect(persistedLanguages).toEqual(['en']);
  });

  it('Scenario: the shop is loaded again in the language chosen before retry', async () => {
    const { actor, shopInputs } = startWithStubs({ language: 'fa', failOnce: 'shop' });
    await waitFor(actor, (s) => s.matches('failed'), withTimeout);

    actor.send({ type: 'language.change', language: 'en' });
    actor.send({ type: 'app.retry' });
    await waitFor(actor, (s) => s.matches('ready'), withTimeout);

    expect(shopInputs).toEqual([{ language: 'fa' }, { language: 'en' }]);
  });

  it('Scenario: logging in and out updates the session and drops the old chat list on logout', async () => {
    const { actor } = startWithStubs({ user: null });
    await waitFor(actor, (s) => s.matches('ready'), withTimeout);

    actor.send({ type: 'session.update', user: userFixture });
    expect(actor.getSnapshot().context.user).toEqual(userFixture);

    actor.send({ type: 'session.update', user: null });
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.getSnapshot().context.conversations).toBeNull();
  });

  it('Scenario: ready, the app is the root of one system: the cart (with the startup cart, no second get_cart) and the session are its children', async () => {
    const { actor, calls } = startWithStubs({ user: userFixture });
    await waitFor(actor, (s) => s.matches('ready'), withTimeout);

    expect(actor.system.get('app')).toBe(actor);
    const cart = actor.system.get('cart');
    const session = actor.system.get('session');
    expect(actor.getSnapshot().children.cart).toBe(cart);
    expect(actor.getSnapshot().children.session).toBe(session);
    expect(cart?.getSnapshot().context.cart).toEqual(emptyCartFixture);
    expect(cart?.getSnapshot().matches({ idle: 'still' })).toBe(true);
    expect(session?.getSnapshot().matches('loggedIn')).toBe(true);
    expect(calls.filter((call) => call === 'cart')).toHaveLength(1);
  });

  it('Scenario: a checkout ticket starts the checkout as a child (systemId checkout); a new ticket replaces it', async () => {
    const { actor } = startWithStubs();
    await waitFor(actor, (s) => s.matches('ready'), withTimeout);
    expect(actor.system.get('checkout')).toBeUndefined();

    actor.send({ type: 'checkout.begin', ticket: { order_id: 7, pure_price: 100, min_order: 0, payment_types: ['cash'] } });
    const first = actor.system.get('checkout');
    expect(first?.getSnapshot().context).toMatchObject({ orderId: 7, paymentTypes: ['cash'], shop: { delivery_methods: shopFixture.delivery_methods } });

    actor.send({ type: 'checkout.begin', ticket: { order_id: 8, pure_price: 100, min_order: 0, payment_types: ['wallet'] } });
    const second = actor.system.get('checkout');
    expect(second).not.toBe(first);
    expect(first?.getSnapshot().status).toBe('stopped');
    expect(second?.getSnapshot().context.orderId).toBe(8);
  });

  it('Scenario: a screen opens an actor as a child of the system for as long as it shows', async () => {
    const { actor } = startWithStubs();
    await waitFor(actor, (s) => s.matches('ready'), withTimeout);

    actor.send({ type: 'screen.open', id: 'resource:test', src: 'resource', input: { load: { code: 'get_gallery', payload: {} } } });
    const screen = actor.system.get('resource:test');
    expect(screen).toBeDefined();
    expect(actor.getSnapshot().children['resource:test']).toBe(screen);

    actor.send({ type: 'screen.close', id: 'resource:test' });
    expect(actor.system.get('resource:test')).toBeUndefined();
    expect(screen?.getSnapshot().status).toBe('stopped');
  });

  it('Scenario: session updates and checkouts are ignored before the app is ready', async () => {
    const { actor } = startWithStubs({ failOnce: 'user' });
    await waitFor(actor, (s) => s.matches('failed'), withTimeout);

    actor.send({ type: 'session.update', user: userFixture });
    actor.send({ type: 'checkout.begin', ticket: { order_id: 7, pure_price: 100, min_order: 0, payment_types: ['cash'] } });

    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.system.get('checkout')).toBeUndefined();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
  });
});
