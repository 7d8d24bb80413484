import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { Language, User } from '@contract/index';
import { UNAVAILABLE_RESULT } from '@contract/envelope';
import { appMachine, MAX_RETRY_SECONDS } from '@machines/app-machine';
import { bannersFixture, conversationsFixture, emptyCartFixture, foldersFixture, shopFixture, slidesFixture } from './fixtures';

const withTimeout = { timeout: 1000 };

/** What src/api/client throws for a 503: an Error carrying the envelope's result, message and data. */
const outage = (waitSeconds: number) =>
  Object.assign(new Error('سرویس موقتا در دسترس نیست'), { result: UNAVAILABLE_RESULT, data: { wait_seconds: waitSeconds } });

/** The app machine with the shop step failing `outages` times with a 503 (or `error`) before it answers. */
function start(outages: number, error: () => unknown = () => outage(2)) {
  const clock = new SimulatedClock();
  let shopCalls = 0;
  const machine = appMachine.provide({
    actors: {
      'load language': fromPromise(async (): Promise<Language> => 'en'),
      'load shop': fromPromise(async () => {
        shopCalls += 1;
        if (shopCalls <= outages) throw error();
        return shopFixture;
      }),
      'load user': fromPromise(async (): Promise<User | null> => null),
      'load conversations': fromPromise(async () => conversationsFixture),
      'load cart': fromPromise(async () => emptyCartFixture),
      'load slides': fromPromise(async () => slidesFixture),
      'load folders': fromPromise(async () => foldersFixture),
      'load banners': fromPromise(async () => bannersFixture),
    },
    actions: { 'persist language': () => {} },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  return { actor, clock, shopCalls: () => shopCalls };
}

describe('app machine: a temporary outage (503) is retried by itself', () => {
  it('Scenario: the shop answers 503 twice; the failure says temporary, and retries after 2 s then 4 s reach ready', async () => {
    const { actor, clock, shopCalls } = start(2);
    const first = await waitFor(actor, (s) => s.matches('failed'), withTimeout);
    expect(first.context.failure).toEqual({ step: 'shop', message: 'سرویس موقتا در دسترس نیست', retryInSeconds: 2 });

    clock.increment(1_999);
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(shopCalls()).toBe(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('failed') && shopCalls() === 2, withTimeout);
    // The second wait doubles the server's Retry-After.
    expect(actor.getSnapshot().context.failure?.retryInSeconds).toBe(4);

    clock.increment(3_999);
    expect(shopCalls()).toBe(2);
    clock.increment(1);
    const ready = await waitFor(actor, (s) => s.matches('ready'), withTimeout);
    expect(shopCalls()).toBe(3);
    expect(ready.context.failure).toBeNull();
    expect(ready.context.retries).toBe(0);
  });

  it('Scenario: a long outage backs off to at most a minute between tries', async () => {
    const { actor, clock } = start(20);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const failed = await waitFor(actor, (s) => s.matches('failed') && s.context.failure !== null, withTimeout);
      waits.push(failed.context.failure!.retryInSeconds!);
      clock.increment(waits[waits.length - 1] * 1000);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, MAX_RETRY_SECONDS, MAX_RETRY_SECONDS]);
  });

  it('Scenario: Retry on the page does not wait for the timer', async () => {
    const { actor, shopCalls } = start(1);
    await waitFor(actor, (s) => s.matches('failed'), withTimeout);
    actor.send({ type: 'app.retry' });
    await waitFor(actor, (s) => s.matches('ready'), withTimeout);
    expect(shopCalls()).toBe(2);
  });

  it('Scenario: any other failure is not retried by itself', async () => {
    const { actor, clock, shopCalls } = start(1, () => Object.assign(new Error('No shop named "x".'), { result: 'shop_not_found' }));
    const failed = await waitFor(actor, (s) => s.matches('failed'), withTimeout);
    expect(failed.context.failure).toEqual({ step: 'shop', message: 'No shop named "x".' });
    expect(failed.context.failure).not.toHaveProperty('retryInSeconds');
    clock.increment(10 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(shopCalls()).toBe(1);
  });
});
