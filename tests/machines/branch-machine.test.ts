import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Branch, Shop } from '@contract/index';
import type { Point } from '@contract/rules/distance';
import { branchMachine, isOrderable, type BranchInput, type SelectBranchInput } from '@machines/branch-machine';

const branch = (id: number, extra: Partial<Branch> = {}): Branch => ({
  id,
  name: `شعبه ${id}`,
  name_en: `Branch ${id}`,
  slug: `b${id}`,
  location: '32.65,51.66',
  radius_service: 8,
  distance: 1.2,
  out_of_range: false,
  status: 1,
  address: '',
  ...extra,
});

const LIST = [branch(11), branch(12, { out_of_range: true, distance: 300 }), branch(13, { status: 2, distance: null, out_of_range: true })];
const ISFAHAN: Point = { lat: 32.657, lng: 51.67 };

interface Stubs {
  locate?: () => Promise<Point>;
  select?: (input: SelectBranchInput) => Promise<Shop>;
  list?: (position: Point | null) => Promise<Branch[]>;
}

function start(input: Partial<BranchInput> = {}, stubs: Stubs = {}) {
  const calls = { listed: [] as (Point | null)[], selected: [] as SelectBranchInput[], stored: [] as Point[], entered: [] as Shop[] };
  const machine = branchMachine.provide({
    actors: {
      locate: fromPromise(stubs.locate ?? (async () => ISFAHAN)),
      'load branches': fromPromise(async ({ input: request }) => {
        calls.listed.push(request.position);
        return stubs.list ? stubs.list(request.position) : LIST;
      }),
      'name place': fromPromise(async () => 'اصفهان، چهارباغ'),
      'store position': fromPromise(async ({ input: point }) => {
        calls.stored.push(point);
        return null;
      }),
      'select branch': fromPromise(async ({ input: request }) => {
        calls.selected.push(request);
        return stubs.select ? stubs.select(request) : ({ id: request.branchId, slug: `b${request.branchId}` } as Shop);
      }),
    },
    actions: { 'enter branch': (_, params) => void calls.entered.push(params.shop) },
  });
  const actor = createActor(machine, { input: { preselectedId: null, currentShopId: 1, cartLines: 0, signedIn: false, ...input } });
  actor.start();
  return { actor, calls };
}

describe('branch machine', () => {
  it('Scenario: allowed, the device position lists the branches measured from it, names the place, and a signed-in position is kept', async () => {
    const { actor, calls } = start({ signedIn: true });
    expect(actor.getSnapshot().matches('asking')).toBe(true);
    actor.send({ type: 'position.locate' });
    const ready = await waitFor(actor, (snapshot) => snapshot.matches({ ready: { place: 'done', remembered: 'done' } }));
    expect(ready.context.position).toEqual(ISFAHAN);
    expect(ready.context.branches).toEqual(LIST);
    expect(ready.context.place).toBe('اصفهان، چهارباغ');
    expect(calls.listed).toEqual([ISFAHAN]);
    expect(calls.stored).toEqual([ISFAHAN]);
  });

  it('Scenario: refused, the visitor is told and picks a point on the map instead; an anonymous position is not stored', async () => {
    const { actor, calls } = start({}, { locate: () => Promise.reject(Object.assign(new Error('no'), { code: 'denied' })) });
    actor.send({ type: 'position.locate' });
    const refused = await waitFor(actor, (snapshot) => snapshot.matches('asking') && snapshot.context.locateProblem !== null);
    expect(refused.context.locateProblem).toBe('denied');
    actor.send({ type: 'position.pick', lat: 35.7, lng: 51.4 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: { remembered: 'done' } }));
    expect(calls.listed).toEqual([{ lat: 35.7, lng: 51.4 }]);
    expect(calls.stored).toEqual([]);
  });

  it('Scenario: no position at all (unavailable) or skipped still lists the branches, unmeasured', async () => {
    const { actor, calls } = start({}, { locate: () => Promise.reject(new Error('timeout')) });
    actor.send({ type: 'position.locate' });
    await waitFor(actor, (snapshot) => snapshot.context.locateProblem === 'unavailable');
    actor.send({ type: 'position.skip' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(calls.listed).toEqual([null]);
  });

  it('Scenario: a closed or out-of-range branch cannot be chosen; an open one in range is selected and entered', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'position.skip' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    for (const id of [12, 13, 999]) {
      expect(actor.getSnapshot().can({ type: 'branch.choose', id })).toBe(false);
      actor.send({ type: 'branch.choose', id });
    }
    expect(calls.selected).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'branch.choose', id: 11 })).toBe(true);
    actor.send({ type: 'branch.choose', id: 11 });
    const done = await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(done.value).toBe('entered');
    expect(calls.selected).toEqual([{ branchId: 11, clearCart: false, position: null }]);
    expect(calls.entered.map((shop) => shop.id)).toEqual([11]);
    expect(LIST.filter(isOrderable).map((entry) => entry.id)).toEqual([11]);
  });

  it('Scenario: leaving a branch with a cart asks first: keep sends clear_cart 0, clear sends 1, cancel stays', async () => {
    for (const [answer, clearCart] of [['cart.keep', false], ['cart.clear', true]] as const) {
      const { actor, calls } = start({ currentShopId: 12, cartLines: 2 });
      actor.send({ type: 'position.skip' });
      await waitFor(actor, (snapshot) => snapshot.matches('ready'));
      actor.send({ type: 'branch.choose', id: 11 });
      expect(actor.getSnapshot().matches('confirmingCart')).toBe(true);
      actor.send({ type: answer });
      await waitFor(actor, (snapshot) => snapshot.status === 'done');
      expect(calls.selected).toEqual([{ branchId: 11, clearCart, position: null }]);
    }
    const { actor, calls } = start({ currentShopId: 12, cartLines: 2 });
    actor.send({ type: 'position.skip' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'branch.choose', id: 11 });
    actor.send({ type: 'choice.cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.chosenId).toBeNull();
    expect(calls.selected).toEqual([]);
  });

  it('Scenario: the same branch again, or an empty cart, does not ask', async () => {
    const { actor, calls } = start({ currentShopId: 11, cartLines: 3 });
    actor.send({ type: 'position.skip' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'branch.choose', id: 11 });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.selected).toHaveLength(1);
  });

  it('Scenario: a refusal from the server (the branch closed meanwhile) shows its message and the list stays', async () => {
    const { actor } = start({}, { select: () => Promise.reject({ result: 'branch_closed', message: 'این شعبه فعلا سفارش نمی‌پذیرد.' }) });
    actor.send({ type: 'position.skip' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'branch.choose', id: 11 });
    const back = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.failure !== null);
    expect(back.context.failure).toMatchObject({ result: 'branch_closed', message: 'این شعبه فعلا سفارش نمی‌پذیرد.' });
  });

  it('Scenario: a preselected branch (a link with branch_id) is selected at once; refused, the visitor gets the list', async () => {
    const { actor, calls } = start({ preselectedId: 11 });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls.selected).toEqual([{ branchId: 11, clearCart: false, position: null }]);
    expect(calls.listed).toEqual([]);

    const refused = start({ preselectedId: 13 }, { select: () => Promise.reject({ result: 'branch_closed', message: 'closed' }) });
    const asking = await waitFor(refused.actor, (snapshot) => snapshot.matches('asking'));
    expect(asking.context.failure?.result).toBe('branch_closed');
  });

  it('Scenario: a failed list offers a retry', async () => {
    let fail = true;
    const { actor, calls } = start({}, { list: async () => (fail ? Promise.reject({ result: 'service_unavailable', message: 'down' }) : LIST) });
    actor.send({ type: 'position.skip' });
    await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    fail = false;
    actor.send({ type: 'branches.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(calls.listed).toHaveLength(2);
  });
});
