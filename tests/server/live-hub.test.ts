import { describe, expect, it, vi } from 'vitest';
import { LONGPOLL_HOLD_JITTER, LONGPOLL_HOLD_MIN_MS } from '@contract/rules/chat';
import type { StatementLane } from '../../server/db/statement-lanes';
import { createInProcessBus } from '../../server/services/events';
import { LIVE_EVENT } from '../../server/services/events/topics';
import { BROADCAST_WATCHES, createLiveHub, type LiveHub } from '../../server/services/live/hub';
import { holdForNews } from '../../server/services/live/long-poll';

const hubWith = (holdMs: number, random: () => number) => createLiveHub({ bus: createInProcessBus(), holdMs, random, log: () => undefined });

describe('The live hub: holds spread out, crowds read in the background', () => {
  it('Scenario: each hold is shortened at random by up to LONGPOLL_HOLD_JITTER, never below LONGPOLL_HOLD_MIN_MS', () => {
    expect(hubWith(25_000, () => 0).holdFor()).toBe(25_000);
    expect(hubWith(25_000, () => 0.5).holdFor()).toBe(25_000 - 25_000 * LONGPOLL_HOLD_JITTER * 0.5);
    const shortest = hubWith(25_000, () => 0.999_999).holdFor();
    expect(shortest).toBeGreaterThanOrEqual(25_000 * (1 - LONGPOLL_HOLD_JITTER));
    expect(shortest).toBeLessThan(25_000 * (1 - LONGPOLL_HOLD_JITTER) + 1);
    // A short hold keeps the SPA's "replaced" threshold: a shorter empty answer would make it back off.
    expect(hubWith(LONGPOLL_HOLD_MIN_MS + 100, () => 0.999_999).holdFor()).toBe(LONGPOLL_HOLD_MIN_MS);
    expect(hubWith(LONGPOLL_HOLD_MIN_MS, () => 0.999_999).holdFor()).toBe(LONGPOLL_HOLD_MIN_MS);
  });

  it('Scenario: a poll with nothing to say answers at the end of its own jittered hold, not the configured one', async () => {
    vi.useFakeTimers();
    try {
      // random() = 1: the longest jitter, a 48 s hold of the configured 60 s.
      const hub = hubWith(60_000, () => 1);
      let answered = false;
      const held = holdForNews(hub, { audiences: ['a'], read: async () => 0, hasNews: () => false }).then(() => (answered = true));
      await vi.advanceTimersByTimeAsync(60_000 * (1 - LONGPOLL_HOLD_JITTER) - 1);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(answered).toBe(true);
      await held;
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it(`Scenario: an event wakes its audience's polls as 'event', as 'broadcast' once more than ${BROADCAST_WATCHES} watch it`, async () => {
    const bus = createInProcessBus();
    const hub = createLiveHub({ bus, holdMs: 60_000, log: () => undefined });
    const few = Array.from({ length: BROADCAST_WATCHES }, () => hub.watch(['shop:1:user:7']));
    const many = Array.from({ length: BROADCAST_WATCHES + 1 }, () => hub.watch(['shop:1:public']));
    const fewWoken = Promise.all(few.map((watch) => watch.next(60_000)));
    const manyWoken = Promise.all(many.map((watch) => watch.next(60_000)));
    await bus.publish(LIVE_EVENT, { audience: 'shop:1:user:7', id: 5 });
    await bus.publish(LIVE_EVENT, { audience: 'shop:1:public', id: 6 });
    expect(new Set(await fewWoken)).toEqual(new Set(['event']));
    expect(new Set(await manyWoken)).toEqual(new Set(['broadcast']));
    hub.close();
  });

  /** The lanes of a held poll's reads: the first, then the one after `wake`. */
  async function lanesOfReads(hub: LiveHub, wake: () => Promise<void>, firstRead?: StatementLane): Promise<StatementLane[]> {
    const lanes: StatementLane[] = [];
    let woke!: () => void;
    const readOnce = new Promise<void>((resolve) => (woke = resolve));
    const held = holdForNews(hub, {
      audiences: ['shop:1:user:7', 'shop:1:public'],
      read: async (lane) => {
        lanes.push(lane);
        woke();
        return lanes.length;
      },
      hasNews: (reads) => reads >= 2,
      firstRead,
    });
    await readOnce;
    await wake();
    await held;
    return lanes;
  }

  it("Scenario: a poll's first read runs in the background lane; woken by its own audience's event it reads in the foreground lane, by a crowd's event in the background lane", async () => {
    const bus = createInProcessBus();
    const hub = createLiveHub({ bus, holdMs: 60_000, log: () => undefined });
    expect(await lanesOfReads(hub, () => bus.publish(LIVE_EVENT, { audience: 'shop:1:user:7', id: 1 }))).toEqual(['background', 'foreground']);
    const crowd = Array.from({ length: BROADCAST_WATCHES }, () => hub.watch(['shop:1:public']));
    expect(await lanesOfReads(hub, () => bus.publish(LIVE_EVENT, { audience: 'shop:1:public', id: 2 }))).toEqual(['background', 'background']);
    // A first connection's first read decides what is history: it is not left behind the crowd.
    expect(await lanesOfReads(hub, () => bus.publish(LIVE_EVENT, { audience: 'shop:1:user:7', id: 3 }), 'foreground')).toEqual(['foreground', 'foreground']);
    for (const watch of crowd) watch.stop();
    hub.close();
  });
  it("Scenario: its own audience's event while the first read waits in the background lane: the poll reads again in the foreground and answers that; a crowd's event leaves it waiting", async () => {
    const bus = createInProcessBus();
    const hub = createLiveHub({ bus, holdMs: 60_000, log: () => undefined });
    const crowd = Array.from({ length: BROADCAST_WATCHES }, () => hub.watch(['shop:1:public']));
    const lanes: StatementLane[] = [];
    let releaseBackground!: () => void;
    const held = holdForNews(hub, {
      audiences: ['shop:1:user:7', 'shop:1:public'],
      read: (lane) => {
        lanes.push(lane);
        if (lane === 'foreground') return Promise.resolve('read in the foreground');
        return new Promise<string>((resolve) => (releaseBackground = () => resolve('read in the background')));
      },
      hasNews: (answer) => answer === 'read in the foreground',
    });
    await vi.waitFor(() => expect(lanes).toEqual(['background']));
    await bus.publish(LIVE_EVENT, { audience: 'shop:1:public', id: 1 });
    expect(lanes).toEqual(['background']);
    await bus.publish(LIVE_EVENT, { audience: 'shop:1:user:7', id: 2 });
    expect(await held).toBe('read in the foreground');
    expect(lanes).toEqual(['background', 'foreground']);
    releaseBackground();
    for (const watch of crowd) watch.stop();
    hub.close();
  });
});
