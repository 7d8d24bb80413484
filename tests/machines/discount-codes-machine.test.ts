import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DiscountCode, DiscountUse } from '@contract/console/discount-entities';
import { discountCodesMachine, type DiscountCodeRequest, type DiscountCodeUpdate } from '@machines/console/discount-codes-machine';

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
  used_count: 0,
  created_at: '2026-11-27T08:00:00.000Z',
  ...fields,
});

function start(options: { add?: (input: DiscountCodeRequest) => Promise<DiscountCode> } = {}) {
  const searches: string[] = [];
  const added: DiscountCodeRequest[] = [];
  const updates: DiscountCodeUpdate[] = [];
  const switches: { discount_id: number; disabled: 0 | 1 }[] = [];
  const machine = discountCodesMachine.provide({
    actors: {
      'load codes': fromPromise(async ({ input }: { input: { search: string } }) => {
        searches.push(input.search);
        return input.search === '' ? [stored(2, { used_count: 1 }), stored(1)] : [stored(2, { used_count: 1 })];
      }),
      'add code': fromPromise(async ({ input }: { input: DiscountCodeRequest }) => {
        added.push(input);
        return options.add ? options.add(input) : stored(3, { code: input.code_text, value: input.value });
      }),
      'update code': fromPromise(async ({ input }: { input: DiscountCodeUpdate }) => {
        updates.push(input);
        return stored(input.discount_id, { code: input.code_text, value: input.value, used_count: input.discount_id === 2 ? 1 : 0 });
      }),
      'switch code': fromPromise(async ({ input }: { input: { discount_id: number; disabled: 0 | 1 } }) => {
        switches.push(input);
        return stored(input.discount_id, { disabled: input.disabled === 1 });
      }),
      'load uses': fromPromise(async ({ input }: { input: { discount_id: number } }): Promise<DiscountUse[]> => [
        { order_id: 70, tracking_code: '7012', status: 3, placed_at: '2026-11-27T09:00:00.000Z', customer: { name: 'Nima', mobile: '09120000000' }, discount: 5000 * input.discount_id },
      ]),
    },
  });
  const actor = createActor(machine, { input: { currency: 'IRT' } }).start();
  return { actor, searches, added, updates, switches };
}

const shown = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => snapshot.matches('shown'));

describe('discount codes chart', () => {
  it('refuses a percent above 100 and an end before the start here, sending nothing; a valid code is sent upper-case with its numbers read', async () => {
    const { actor, added } = start();
    await shown(actor);
    actor.send({ type: 'form.new' });
    actor.send({ type: 'form.edit', field: 'code_text', value: ' spring ' });
    actor.send({ type: 'form.edit', field: 'value', value: '۱۲۰' });
    actor.send({ type: 'form.edit', field: 'starts_at', value: '2026-12-02T10:00' });
    actor.send({ type: 'form.edit', field: 'expires_at', value: '2026-12-01T10:00' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.problems).toEqual({ value: 'out_of_range', expires_at: 'end_before_start' });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    actor.send({ type: 'form.edit', field: 'value', value: '۲۰' });
    actor.send({ type: 'form.edit', field: 'expires_at', value: '' });
    actor.send({ type: 'form.edit', field: 'total_limit', value: '1' });
    actor.send({ type: 'form.edit', field: 'online_only', value: true });
    actor.send({ type: 'form.edit', field: 'max_amount', value: '۵۰٬۰۰۰' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.note !== null);
    expect(added).toEqual([
      {
        code_text: 'SPRING',
        kind: 'percent',
        value: 20,
        max_amount: 500_000,
        min_order: 0,
        first_order_only: 0,
        online_only: 1,
        total_limit: 1,
        per_user_limit: null,
        starts_at: new Date('2026-12-02T10:00').toISOString(),
        expires_at: null,
      },
    ]);
    const { codes, form, note } = actor.getSnapshot().context;
    expect([codes.map((code) => code.id), form, note]).toEqual([[3, 2, 1], null, { kind: 'added', code: 'SPRING' }]);
  });

  it("keeps the server's refusal (a code taken) in its words and the form as typed", async () => {
    const refusal = { result: 'discount_code_taken', message: 'This shop already has the code "SPRING".', data: { field: 'code_text' } };
    const { actor } = start({ add: () => Promise.reject(refusal) });
    await shown(actor);
    actor.send({ type: 'form.new' });
    actor.send({ type: 'form.edit', field: 'code_text', value: 'SPRING' });
    actor.send({ type: 'form.edit', field: 'value', value: '10' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toEqual(refusal);
    expect(actor.getSnapshot().context.form?.code_text).toBe('SPRING');
  });

  it('edits a code through discount_code_update, turns one off, searches on the server and shows the orders that used one', async () => {
    const { actor, updates, switches, searches } = start();
    await shown(actor);
    actor.send({ type: 'form.open', codeId: 2 });
    expect(actor.getSnapshot().context.form).toMatchObject({ code_text: 'CODE2', value: '10', kind: 'percent' });
    actor.send({ type: 'form.edit', field: 'value', value: '15' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.note?.kind === 'saved');
    expect(updates).toMatchObject([{ discount_id: 2, code_text: 'CODE2', value: 15 }]);
    actor.send({ type: 'code.switch', codeId: 1 });
    await waitFor(actor, (snapshot) => snapshot.context.note?.kind === 'disabled');
    expect(switches).toEqual([{ discount_id: 1, disabled: 1 }]);
    expect(actor.getSnapshot().context.codes.find((code) => code.id === 1)?.disabled).toBe(true);
    actor.send({ type: 'code.switch', codeId: 99 });
    expect(switches).toHaveLength(1);
    // Code 1 was never used: there is nothing to list.
    expect(actor.getSnapshot().can({ type: 'uses.open', codeId: 1 })).toBe(false);
    actor.send({ type: 'uses.open', codeId: 2 });
    await waitFor(actor, (snapshot) => snapshot.context.uses?.orders !== null);
    expect(actor.getSnapshot().context.uses).toMatchObject({ codeId: 2, orders: [{ order_id: 70, discount: 10_000 }] });
    actor.send({ type: 'search.edit', value: ' code2 ' });
    actor.send({ type: 'search.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown') && snapshot.context.searched === 'code2');
    expect(searches).toEqual(['', 'code2']);
    expect(actor.getSnapshot().context.codes.map((code) => code.id)).toEqual([2]);
  });
});
