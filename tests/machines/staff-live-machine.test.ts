import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import type { StaffLongPoll } from '@contract/console/entities';
import { CONSOLE_SYSTEM_IDS } from '@machines/console/console-system';
import { RECONNECT_BASE_MS, type PollInput } from '@machines/long-poll';
import { isStaffOffline, queuedAdsCount, staffLiveMachine, type InboxLive, type OrdersLive } from '@machines/console/staff-live-machine';

const event = { id: 5, type: 'new_support_message' as const, user_id: 3, message: { id: 9, type: 'chat' as const, from: 'user' as const, name: 'Ali', message: 'hi', media: null, read: false, created_at: '2026-11-25T08:00:00.000Z' } };

/** The live chart under a parent whose 'inbox' child records what it is handed; polls answer from `answers` in turn. */
function start(answers: (() => Promise<StaffLongPoll>)[]) {
  const counts: number[] = [];
  const waits: boolean[] = [];
  const handed: InboxLive[] = [];
  let next = 0;
  const live = staffLiveMachine.provide({
    actors: {
      poll: fromPromise(async ({ input }: { input: PollInput }) => {
        counts.push(input.count);
        waits.push(input.wait);
        const answer = answers[Math.min(next++, answers.length - 1)];
        return answer();
      }),
    },
  });
  const accessHeard: string[] = [];
  const inbox = createMachine({ on: { 'inbox.live': { actions: ({ event: received }) => void handed.push(received as InboxLive) } } });
  const access = createMachine({
    on: {
      'access.requested': { actions: ({ event: received }) => void accessHeard.push(received.type) },
      'access.counted': { actions: ({ event: received }) => void accessHeard.push(`${received.type} ${(received as unknown as { count: number }).count}`) },
    },
  });
  const parent = createMachine({
    invoke: [
      { src: inbox, systemId: CONSOLE_SYSTEM_IDS.inbox },
      { src: access, systemId: CONSOLE_SYSTEM_IDS.accessRequests },
      { src: live, id: 'live', systemId: CONSOLE_SYSTEM_IDS.staffLive },
    ],
  });
  const actor = createActor(parent).start();
  return { actor, counts, waits, handed, accessHeard, liveActor: () => actor.system.get(CONSOLE_SYSTEM_IDS.staffLive) };
}

const never = () => new Promise<StaffLongPoll>(() => {});

describe('staff live chart', () => {
  it('polls from the cursor, hands each answer to the inbox and polls again with the new cursor', async () => {
    const { counts, handed } = start([async () => ({ count: 4, events: [], unread_count: 0 }), async () => ({ count: 5, events: [event], unread_count: 1 }), never]);
    await vi.waitFor(() => expect(counts).toEqual([0, 4, 5]));
    expect(handed.at(-1)).toEqual({ type: 'inbox.live', events: [event], unread: 1 });
  });

  it('tells the access requests a request was made (they read their list and badge again), and only then', async () => {
    const requested = { id: 6, type: 'access_requested' as const, request_id: 2 };
    const { counts, accessHeard } = start([async () => ({ count: 5, events: [event], unread_count: 1 }), async () => ({ count: 6, events: [requested], unread_count: 1 }), never]);
    await vi.waitFor(() => expect(counts).toEqual([0, 5, 6]));
    expect(accessHeard).toEqual(['access.requested']);
  });

  it("hands the access requests the shop's pending count of each answer that says it (another console answered one: the badge follows)", async () => {
    const { counts, accessHeard } = start([async () => ({ count: 5, events: [], unread_count: 0, pending_access_count: 2 }), async () => ({ count: 6, events: [event], unread_count: 1, pending_access_count: 1 }), never]);
    await vi.waitFor(() => expect(counts).toEqual([0, 5, 6]));
    expect(accessHeard).toEqual(['access.counted 2', 'access.counted 1']);
  });

  it("asks its first poll at once (the counts of the badges and the tab's title come with it, though nothing happened yet), then holds; an at-once first answer is no replacement", async () => {
    const { counts, waits } = start([async () => ({ count: 0, events: [], unread_count: 0, queued_ads_count: 3 }), never]);
    await vi.waitFor(() => expect(counts).toEqual([0, 0]));
    expect(waits).toEqual([false, true]);
  });

  it("keeps the moderation queue's count of each answer that says it (the navigation's badge), 0 before any", async () => {
    let answerSecond: (answer: StaffLongPoll) => void = () => {};
    const second = () => new Promise<StaffLongPoll>((resolve) => (answerSecond = resolve));
    const { counts, liveActor } = start([async () => ({ count: 5, events: [], unread_count: 0, queued_ads_count: 3 }), second, never]);
    expect(queuedAdsCount(liveActor().getSnapshot())).toBe(0);
    await vi.waitFor(() => expect(counts).toEqual([0, 5]));
    expect(queuedAdsCount(liveActor().getSnapshot())).toBe(3);
    answerSecond({ count: 6, events: [event], unread_count: 1, queued_ads_count: 2 });
    await vi.waitFor(() => expect(queuedAdsCount(liveActor().getSnapshot())).toBe(2));
  });

  it('a held poll answered at once with nothing new (replaced) waits out the backoff before the next, not offline', async () => {
    vi.useFakeTimers();
    try {
      const { counts, liveActor } = start([async () => ({ count: 4, events: [], unread_count: 0 }), async () => ({ count: 4, events: [], unread_count: 0 }), never]);
      await vi.waitFor(() => expect(counts).toEqual([0, 4]));
      await vi.advanceTimersByTimeAsync(0);
      // Before, the next poll went at once.
      expect(counts).toEqual([0, 4]);
      expect(isStaffOffline(liveActor().getSnapshot())).toBe(false);
      await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS);
      expect(counts).toEqual([0, 4, 4]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed poll goes offline and tries again by itself from the same cursor after the backoff', async () => {
    vi.useFakeTimers();
    try {
      const { counts, waits, liveActor } = start([async () => ({ count: 4, events: [], unread_count: 0 }), async () => Promise.reject({ result: 'network_error', message: '' }), never]);
      await vi.waitFor(() => expect(counts).toEqual([0, 4]));
      await waitFor(liveActor(), (snapshot) => snapshot.matches('offline'));
      expect(isStaffOffline(liveActor().getSnapshot())).toBe(true);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(counts).toEqual([0, 4, 4]);
      // The first poll is asked at once (its counts), the next held; the try after a failure is not held, so the offline notice goes as soon as the server answers.
      expect(waits).toEqual([false, true, false]);
      expect(liveActor().getSnapshot().matches('polling')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('staff live chart and the orders board', () => {
  it("hands the orders board the answer's orders placed or changed and the shop's counts, nothing of the chats", async () => {
    const handed: OrdersLive[] = [];
    const placed = { id: 6, type: 'order_placed' as const, order_id: 40 };
    const changed = { id: 7, type: 'order_changed' as const, order_id: 39, status: 4 };
    const answers = [async () => ({ count: 7, events: [event, placed, changed], unread_count: 1, unaccepted_count: 2, unopened_count: 1 }), never];
    let next = 0;
    const live = staffLiveMachine.provide({ actors: { poll: fromPromise(async () => answers[Math.min(next++, answers.length - 1)]()) } });
    const board = createMachine({ on: { 'orders.live': { actions: ({ event: received }) => void handed.push(received as OrdersLive) } } });
    createActor(
      createMachine({
        invoke: [
          { src: board, systemId: CONSOLE_SYSTEM_IDS.ordersBoard },
          { src: live, systemId: CONSOLE_SYSTEM_IDS.staffLive },
        ],
      }),
    ).start();
    await vi.waitFor(() => expect(handed).toHaveLength(1));
    expect(handed[0]).toEqual({ type: 'orders.live', events: [placed, changed], unaccepted: 2, unopened: 1 });
  });
});
