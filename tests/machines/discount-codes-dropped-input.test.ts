import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { DiscountCode, DiscountUse } from '@contract/console/discount-entities';
import { discountCodesMachine, type DiscountCodeRequest } from '@machines/console/discount-codes-machine';
import { heldRequests, settle } from './held-requests';

const stored = (id: number, fields: Partial<DiscountCode> = {}): DiscountCode => ({
  id,
  code: `CODE${id}`,
  kind: 'percent',
  value: 10,
  max_amount: null,
  min_order: 0,
  first_order_only: 0,
  online_only: 0,
  total_limit: null,
  per_user_limit: null,
  starts_at: null,
  expires_at: null,
  disabled: false,
  used_count: 1,
  created_at: '2026-11-27T08:00:00.000Z',
  ...fields,
});

function start() {
  const lists = heldRequests<{ search: string }, DiscountCode[]>();
  const adds = heldRequests<DiscountCodeRequest, DiscountCode>();
  const uses = heldRequests<{ discount_id: number }, DiscountUse[]>();
  const machine = discountCodesMachine.provide({
    actors: {
      'load codes': fromPromise(({ input }: { input: { search: string } }) => lists.call(input)),
      'add code': fromPromise(({ input }: { input: DiscountCodeRequest }) => adds.call(input)),
      'update code': fromPromise(async () => stored(1)),
      'switch code': fromPromise(async () => stored(1)),
      'load uses': fromPromise(({ input }: { input: { discount_id: number } }) => uses.call(input)),
    },
  });
  const actor = createActor(machine, { input: { currency: 'IRT' } }).start();
  return { actor, lists, adds, uses };
}

async function shownWithForm() {
  const started = start();
  started.lists.next().resolve([stored(1)]);
  await settle();
  started.actor.send({ type: 'form.new' });
  started.actor.send({ type: 'form.edit', field: 'code_text', value: 'SPR' });
  return started;
}

describe('discount codes: nothing typed is dropped, and the chart says which press it takes', () => {
  it('Scenario: typing in the discount form and the search while the list reloads keeps the text', async () => {
    const { actor, lists } = await shownWithForm();
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    actor.send({ type: 'form.edit', field: 'code_text', value: 'SPRING' });
    actor.send({ type: 'search.edit', value: 'CO' });
    expect(actor.getSnapshot().context.form?.code_text).toBe('SPRING');
    lists.next().reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    actor.send({ type: 'form.edit', field: 'value', value: '20' });
    actor.send({ type: 'search.edit', value: 'COD' });
    expect(actor.getSnapshot().context.form).toMatchObject({ code_text: 'SPRING', value: '20' });
    expect(actor.getSnapshot().context.search).toBe('COD');
  });

  it('Scenario: typing while a new code saves is kept when the server refuses it, and the search typed meanwhile too', async () => {
    const { actor, adds } = await shownWithForm();
    actor.send({ type: 'form.edit', field: 'value', value: '20' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().matches('adding')).toBe(true);
    actor.send({ type: 'form.edit', field: 'code_text', value: 'SPRING' });
    actor.send({ type: 'search.edit', value: 'SP' });
    adds.next().reject(new Error('taken'));
    await settle();
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    expect(actor.getSnapshot().context.form?.code_text).toBe('SPRING');
    expect(actor.getSnapshot().context.search).toBe('SP');
  });

  it('Scenario: typing while a code’s orders load keeps the text, and the form closes', async () => {
    const { actor, uses } = await shownWithForm();
    actor.send({ type: 'uses.open', codeId: 1 });
    expect(actor.getSnapshot().matches('loadingUses')).toBe(true);
    actor.send({ type: 'form.edit', field: 'code_text', value: 'SPRING' });
    expect(actor.getSnapshot().context.form?.code_text).toBe('SPRING');
    actor.send({ type: 'form.close' });
    expect(actor.getSnapshot().context.form).toBeNull();
    uses.next().resolve([]);
  });

  it('Scenario: Edit, Turn off and Save are taken once the list is shown, not while it loads, failed or a code’s orders load', async () => {
    const { actor, lists, uses } = await shownWithForm();
    const commands = () => {
      const snapshot = actor.getSnapshot();
      return [snapshot.can({ type: 'form.open', codeId: 1 }), snapshot.can({ type: 'code.switch', codeId: 1 }), snapshot.can({ type: 'form.submit' })];
    };
    expect(commands()).toEqual([true, true, true]);
    actor.send({ type: 'search.submit' });
    expect(commands()).toEqual([false, false, false]);
    expect(actor.getSnapshot().can({ type: 'form.close' })).toBe(true);
    lists.next().reject(new Error('offline'));
    await settle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(commands()).toEqual([false, false, false]);
    expect(actor.getSnapshot().can({ type: 'form.close' })).toBe(true);
    actor.send({ type: 'list.retry' });
    lists.next().resolve([stored(1)]);
    await settle();
    actor.send({ type: 'uses.open', codeId: 1 });
    expect(commands()).toEqual([false, false, false]);
    uses.next().resolve([]);
    await settle();
    expect(commands()).toEqual([true, true, true]);
  });

  it('Scenario: Cancel is not taken while the form itself saves', async () => {
    const { actor, adds } = await shownWithForm();
    actor.send({ type: 'form.edit', field: 'value', value: '20' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().can({ type: 'form.close' })).toBe(false);
    adds.next().resolve(stored(3, { code: 'SPR' }));
    await settle();
    expect(actor.getSnapshot().context.form).toBeNull();
  });
});
