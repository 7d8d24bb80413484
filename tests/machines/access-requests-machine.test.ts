import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AccessRequest } from '@contract/console/counter-entities';
import { accessRequestsMachine, type AccessAnswer, type AccessPageRequest, type AccessRequestPage } from '@machines/console/access-requests-machine';


const request = (id: number, status: AccessRequest['status'] = 'pending'): AccessRequest => ({
  id,
  user_id: 100 + id,
  name: `Customer ${id}`,
  mobile: '09120000000',
  company: 'Shop',
  message: '',
  status,
  reason: '',
  created_at: '2026-11-27T08:00:00.000Z',
  answered_at: null,
  answered_by: '',
});

const page = (requests: AccessRequest[], pending = requests.length): AccessRequestPage => ({ requests, num_results: requests.length, next_offset: null, pending_count: pending });

function start(options: { pages?: AccessRequestPage[]; answer?: (input: AccessAnswer) => Promise<AccessRequest> } = {}) {
  const loads: AccessPageRequest[] = [];
  const answers: AccessAnswer[] = [];
  const pages = options.pages ?? [page([request(1), request(2)])];
  const machine = accessRequestsMachine.provide({
    actors: {
      'load requests': fromPromise(async ({ input }: { input: AccessPageRequest }) => {
        loads.push(input);
        return pages[Math.min(loads.length - 1, pages.length - 1)];
      }),
      'answer request': fromPromise(async ({ input }: { input: AccessAnswer }) => {
        answers.push(input);
        return options.answer ? options.answer(input) : { ...request(input.request_id), status: input.decision === 'approve' ? ('approved' as const) : ('rejected' as const), reason: input.reason ?? '' };
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, loads, answers };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown', answer: 'idle' }));

describe('access requests chart', () => {
  it('loads the pending requests and their count (the badge)', async () => {
    const { actor, loads } = start({ pages: [page([request(1), request(2)], 2)] });
    await settled(actor);
    expect(loads[0]).toMatchObject({ status: 'pending', offset: 0 });
    expect(actor.getSnapshot().context.pendingCount).toBe(2);
  });

  it('approves with one tap: the request leaves the pending list and the count drops', async () => {
    const { actor, answers } = start({ pages: [page([request(1), request(2)]), page([request(2)])] });
    await settled(actor);
    expect(actor.getSnapshot().can({ type: 'access.approve', requestId: 1 })).toBe(true);
    actor.send({ type: 'access.approve', requestId: 1 });
    await settled(actor);
    expect(answers).toEqual([{ request_id: 1, decision: 'approve' }]);
    expect(actor.getSnapshot().context.requests.map((shown) => shown.id)).toEqual([2]);
    expect(actor.getSnapshot().context.pendingCount).toBe(1);
    expect(actor.getSnapshot().context.answered?.status).toBe('approved');
  });

  it('refuses a denial without a reason here: nothing is sent and the reason field says why', async () => {
    const { actor, answers } = start();
    await settled(actor);
    actor.send({ type: 'access.denyOpen', requestId: 2 });
    actor.send({ type: 'access.reason', text: '   ' });
    actor.send({ type: 'access.deny' });
    expect(actor.getSnapshot().context.problems).toEqual({ reason: 'required' });
    expect(actor.getSnapshot().matches({ answer: 'idle' })).toBe(true);
    expect(answers).toEqual([]);
    actor.send({ type: 'access.reason', text: 'Not a business' });
    actor.send({ type: 'access.deny' });
    await settled(actor);
    expect(answers).toEqual([{ request_id: 2, decision: 'deny', reason: 'Not a business' }]);
  });

  it("keeps the server's refusal of an answer (an answered request) for the screen", async () => {
    const refusal = { result: 'access_answered', message: 'Already answered.' };
    const { actor } = start({ answer: () => Promise.reject(refusal) });
    await settled(actor);
    actor.send({ type: 'access.approve', requestId: 1 });
    await settled(actor);
    expect(actor.getSnapshot().context.answerFailure).toMatchObject({ result: 'access_answered', message: 'Already answered.' });
  });

  it("reads the list again when the live channel's pending count differs from the badge's (another console answered), and not when it is the same", async () => {
    const { actor, loads } = start({ pages: [page([request(1), request(2)], 2), page([request(2)], 1)] });
    await settled(actor);
    actor.send({ type: 'access.counted', count: 2 });
    expect(actor.getSnapshot().matches({ list: 'shown' })).toBe(true);
    expect(loads).toHaveLength(1);
    actor.send({ type: 'access.counted', count: 1 });
    await vi.waitFor(() => expect(actor.getSnapshot().context.requests.map((shown) => shown.id)).toEqual([2]));
    expect(loads).toHaveLength(2);
    expect(actor.getSnapshot().context.pendingCount).toBe(1);
  });

  it('reads the list again when the live channel hears a new request, and by the status filter', async () => {
    const { actor, loads } = start({ pages: [page([request(1)]), page([request(3), request(1)], 2), page([request(4, 'approved')], 2)] });
    await settled(actor);
    actor.send({ type: 'access.requested' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.pendingCount).toBe(2));
    actor.send({ type: 'access.filter', status: 'approved' });
    await settled(actor);
    expect(loads.at(-1)).toMatchObject({ status: 'approved', offset: 0 });
    expect(actor.getSnapshot().context.requests.map((shown) => shown.status)).toEqual(['approved']);
    // An answered request offers no answer.
    expect(actor.getSnapshot().can({ type: 'access.approve', requestId: 4 })).toBe(false);
  });
});
