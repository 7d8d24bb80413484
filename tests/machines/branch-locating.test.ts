import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Branch } from '@contract/index';
import type { Point } from '@contract/rules/distance';
import { branchMachine } from '@machines/branch-machine';

/** A branch chart whose browser prompt is never answered. */
function promptLeftOpen() {
  const listed: (Point | null)[] = [];
  const machine = branchMachine.provide({
    actors: {
      locate: fromPromise<Point, void>(() => new Promise<Point>(() => {})),
      'load branches': fromPromise(async ({ input }: { input: { position: Point | null } }) => (listed.push(input.position), [] as Branch[])),
    },
  });
  const actor = createActor(machine, { input: { preselectedId: null, currentShopId: 1, cartLines: 0, signedIn: false } });
  actor.start();
  actor.send({ type: 'position.locate' });
  expect(actor.getSnapshot().matches('locating')).toBe(true);
  return { actor, listed };
}

describe('branch machine: the browser\'s location prompt never holds the visitor', () => {
  it('Scenario: «Continue without location» while the prompt is unanswered lists the branches without a position', async () => {
    const { actor, listed } = promptLeftOpen();
    expect(actor.getSnapshot().can({ type: 'position.skip' })).toBe(true);
    actor.send({ type: 'position.skip' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(listed).toEqual([null]);
    expect(actor.getSnapshot().context.position).toBeNull();
  });

  it('Scenario: «Use my location» is not offered again while the prompt is open', () => {
    const { actor } = promptLeftOpen();
    expect(actor.getSnapshot().can({ type: 'position.locate' })).toBe(false);
  });
});
