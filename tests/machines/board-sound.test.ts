import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { isSoundBlocked, ordersBoardMachine } from '@machines/console/orders-board-machine';
import { boardPage } from './board-fixtures';

/*
 * The board says when the browser keeps its sound off: until the page is touched, the autoplay rule
 * blocks it; the staff member's "turn sound on" is that touch, handed to the sound actor.
 */

/** The board with a browser whose sound starts `blocked` or not; `unlocks` counts the unlocks the board asked for. */
function start(options: { blocked: boolean; muted?: boolean }) {
  const unlocks: string[] = [];
  const machine = ordersBoardMachine.provide({
    actors: {
      'load board': fromPromise(async () => boardPage([])),
      sound: fromCallback<{ type: 'sound.unlock' }>(({ sendBack, receive }) => {
        sendBack({ type: options.blocked ? 'sound.blocked' : 'sound.allowed' });
        receive((event) => {
          unlocks.push(event.type);
          sendBack({ type: 'sound.allowed' });
        });
      }),
    },
  });
  const actor = createActor(machine, { input: { role: 'staff', muted: options.muted } }).start();
  return { actor, unlocks };
}

describe("the board's sound", () => {
  it('Scenario: after a reload the browser keeps the sound off: the board says so; "turn sound on" unlocks it and the note goes', async () => {
    const { actor, unlocks } = start({ blocked: true });
    expect(isSoundBlocked(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'sound.unlock' })).toBe(true);
    actor.send({ type: 'sound.unlock' });
    await waitFor(actor, (snapshot) => !isSoundBlocked(snapshot));
    expect(unlocks).toEqual(['sound.unlock']);
    expect(actor.getSnapshot().can({ type: 'sound.unlock' })).toBe(false);
  });

  it('Scenario: a page already touched plays at once: nothing to say, nothing to unlock', () => {
    const { actor } = start({ blocked: false });
    expect(isSoundBlocked(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'sound.unlock' })).toBe(false);
  });

  it('Scenario: a staff member who muted the alert is not told the browser blocks it', () => {
    const { actor } = start({ blocked: true, muted: true });
    expect(isSoundBlocked(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'alert.mute', muted: false });
    expect(isSoundBlocked(actor.getSnapshot())).toBe(true);
  });
});
