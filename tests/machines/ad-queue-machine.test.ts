import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AdQueuePage, QueuedAd } from '@contract/console/endpoints/ads';
import type { AdStatus } from '@contract/rules/ad-lifecycle';
import { adDetail } from './classifieds/ad-fixtures';
import { adQueueMachine, type ModerationRequest, type QueuePageRequest } from '@machines/console/ad-queue-machine';

const queued = (id: number, status: AdStatus = 'awaiting'): QueuedAd => ({
  ad: adDetail(id, {
    title: `آپارتمان ${id}`,
    request: 'sale',
    meterage: 85,
    total_price: 12_000_000_000,
    deposit: null,
    monthly_rent: null,
    status,
    published_at: '2026-11-27T08:00:00.000Z',
    publisher: { name: 'سارا', kind: 'person', consultant_code: null, deleted: false },
    comment: '',
  }),
  publisher_id: 10 + id,
  publisher_phone: '09120000000',
  reports: [],
  history: [],
  actions: status === 'approved' ? ['reject'] : ['approve', 'reject', 'ask_edit'],
});

const page = (ads: QueuedAd[]): AdQueuePage => ({ ads, total: ads.length, next_offset: null });

function start(pages: AdQueuePage[], decide?: (input: ModerationRequest) => Promise<QueuedAd>) {
  const loads: QueuePageRequest[] = [];
  const decisions: ModerationRequest[] = [];
  const machine = adQueueMachine.provide({
    actors: {
      'load queue': fromPromise(async ({ input }: { input: QueuePageRequest }) => {
        loads.push(input);
        return pages[Math.min(loads.length - 1, pages.length - 1)];
      }),
      moderate: fromPromise(async ({ input }: { input: ModerationRequest }) => {
        decisions.push(input);
        if (decide) return decide(input);
        const to = { approve: 'approved', reject: 'rejected', ask_edit: 'edit_request' }[input.action] as AdStatus;
        return { ...queued(input.ad_id, to), ad: { ...queued(input.ad_id, to).ad, reason: input.reason ?? null } };
      }),
    },
  });
  return { actor: createActor(machine).start(), loads, decisions };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown', decision: 'idle' }));

describe('the ads moderation queue chart', () => {
  it('loads the queue (no status), approves with one tap: the ad leaves the queue and the list is read again', async () => {
    const { actor, loads, decisions } = start([page([queued(1), queued(2)]), page([queued(2)])]);
    await settled(actor);
    expect(loads[0]).toEqual({ status: undefined, offset: 0, length: 20 });
    actor.send({ type: 'queue.approve', adId: 1 });
    await settled(actor);
    expect(decisions).toEqual([{ ad_id: 1, action: 'approve' }]);
    expect(actor.getSnapshot().context.ads.map((entry) => entry.ad.id)).toEqual([2]);
    expect(actor.getSnapshot().context.decided?.ad.status).toBe('approved');
    expect(loads).toHaveLength(2);
  });

  it('a rejection needs a reason: a blank or too short one is refused before sending; a good one is sent trimmed', async () => {
    const { actor, decisions } = start([page([queued(1)])]);
    await settled(actor);
    actor.send({ type: 'queue.reasonOpen', adId: 1, action: 'reject' });
    actor.send({ type: 'queue.send' });
    expect(actor.getSnapshot().context.problems.reason).toBe('required');
    actor.send({ type: 'queue.reason', text: ' a ' });
    actor.send({ type: 'queue.send' });
    expect(actor.getSnapshot().context.problems.reason).toBe('too_short');
    expect(decisions).toEqual([]);
    actor.send({ type: 'queue.reason', text: '  عکس‌ها مربوط به این ملک نیستند ' });
    actor.send({ type: 'queue.send' });
    await settled(actor);
    expect(decisions).toEqual([{ ad_id: 1, action: 'reject', reason: 'عکس‌ها مربوط به این ملک نیستند' }]);
    expect(actor.getSnapshot().context.writing).toBeNull();
  });

  it('offers only what the ad lifecycle chart takes for a moderator: a published ad can be rejected (taken down), not approved or sent back', async () => {
    const { actor } = start([page([queued(5, 'approved')])]);
    actor.send({ type: 'queue.filter', filter: 'approved' });
    await settled(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.can({ type: 'queue.approve', adId: 5 })).toBe(false);
    expect(snapshot.can({ type: 'queue.reasonOpen', adId: 5, action: 'ask_edit' })).toBe(false);
    expect(snapshot.can({ type: 'queue.reasonOpen', adId: 5, action: 'reject' })).toBe(true);
    expect(snapshot.can({ type: 'queue.approve', adId: 99 })).toBe(false);
  });

  it('a refusal (another moderator was first) is kept for the screen and the queue is read again', async () => {
    const refusal = { result: 'ad_change_refused', message: 'این آگهی پیش‌تر بررسی شده است.', status: 409 };
    const { actor, loads } = start([page([queued(1)]), page([])], () => Promise.reject(refusal));
    await settled(actor);
    actor.send({ type: 'queue.approve', adId: 1 });
    await waitFor(actor, (snapshot) => snapshot.context.decisionFailure !== null);
    await settled(actor);
    expect(actor.getSnapshot().context.decisionFailure?.message).toBe('این آگهی پیش‌تر بررسی شده است.');
    expect(loads).toHaveLength(2);
    expect(actor.getSnapshot().context.ads).toEqual([]);
  });

  it('an ad queued elsewhere (the staff live channel) reads the list again; other live events do not', async () => {
    const { actor, loads } = start([page([]), page([queued(7)])]);
    await settled(actor);
    actor.send({ type: 'staff.live', events: [{ id: 1, type: 'order_placed', order_id: 3 }] });
    expect(loads).toHaveLength(1);
    actor.send({ type: 'staff.live', events: [{ id: 2, type: 'ad_queued', ad_id: 7 }] });
    await waitFor(actor, (snapshot) => snapshot.context.ads.length === 1);
    expect(loads).toHaveLength(2);
  });

  it('an ad decided elsewhere (another console, or its publisher deleted it) reads the list again: its card does not stay to be refused', async () => {
    const { actor, loads } = start([page([queued(7)]), page([])]);
    await waitFor(actor, (snapshot) => snapshot.context.ads.length === 1);
    actor.send({ type: 'staff.live', events: [{ id: 3, type: 'ad_decided', ad_id: 7 }] });
    await waitFor(actor, (snapshot) => snapshot.context.ads.length === 0);
    expect(loads).toHaveLength(2);
  });
});
