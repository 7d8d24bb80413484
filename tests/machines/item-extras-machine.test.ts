import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConsoleItemExtras } from '@contract/console/item-extras-entities';
import { itemExtrasMachine, type ExtrasSave } from '@machines/console/item-extras-machine';

const sauces = { id: 1, name: 'انتخاب سس', name_en: 'Choose sauces', min_count: 1, max_count: 3 };
const loaded: ConsoleItemExtras = { item_id: 11, steps: [sauces], extras: [{ id: 5, step: 1, name: 'سس سیر', name_en: 'Garlic sauce', price: 80_000, min_count: 0, max_count: 2 }] };

function start(options: { save?: (input: ExtrasSave) => Promise<ConsoleItemExtras>; data?: ConsoleItemExtras } = {}) {
  const saves: ExtrasSave[] = [];
  const machine = itemExtrasMachine.provide({
    actors: {
      'load extras': fromPromise(async () => options.data ?? loaded),
      'save extras': fromPromise(async ({ input }: { input: ExtrasSave }) => {
        saves.push(input);
        if (options.save) return options.save(input);
        return { item_id: input.item_id, steps: input.steps, extras: input.extras.map((extra, index) => ({ id: extra.id ?? 100 + index, ...extra })) };
      }),
    },
  });
  const actor = createActor(machine, { input: { currency: 'IRT', itemId: 11 } }).start();
  return { actor, saves };
}

describe("the console's option steps and extras chart (issue 32)", () => {
  it('Scenario: the owner adds a step and a priced extra; a minimum above the maximum is shown by the rule and nothing is sent; fixed, both are saved in rial in the order shown', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(actor.getSnapshot().context.extras.map((extra) => extra.price)).toEqual(['8000']);
    actor.send({ type: 'step.add' });
    actor.send({ type: 'step.edit', index: 1, field: 'name', value: 'نان' });
    actor.send({ type: 'step.edit', index: 1, field: 'name_en', value: 'Bread' });
    actor.send({ type: 'step.edit', index: 1, field: 'max_count', value: '۲' });
    actor.send({ type: 'extra.add' });
    actor.send({ type: 'extra.step', index: 1, step: 2 });
    actor.send({ type: 'extra.edit', index: 1, field: 'name', value: 'نان سنگک' });
    actor.send({ type: 'extra.edit', index: 1, field: 'name_en', value: 'Sangak bread' });
    actor.send({ type: 'extra.edit', index: 1, field: 'price', value: '۲۰٬۰۰۰' });
    actor.send({ type: 'extra.edit', index: 1, field: 'min_count', value: '3' });
    actor.send({ type: 'extras.save' });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'extras.1.count', problem: 'extra_count_range' }]);
    expect(saves).toEqual([]);

    actor.send({ type: 'extra.edit', index: 1, field: 'min_count', value: '0' });
    expect(actor.getSnapshot().context.problems).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'extra.move', index: 0, direction: 'up' })).toBe(false);
    actor.send({ type: 'extra.move', index: 1, direction: 'up' });
    actor.send({ type: 'extras.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown') && snapshot.context.saved);
    expect(saves).toEqual([
      {
        item_id: 11,
        steps: [sauces, { id: 2, name: 'نان', name_en: 'Bread', min_count: 0, max_count: 2 }],
        extras: [
          { step: 2, name: 'نان سنگک', name_en: 'Sangak bread', price: 200_000, min_count: 0, max_count: 1 },
          { id: 5, step: 1, name: 'سس سیر', name_en: 'Garlic sauce', price: 80_000, min_count: 0, max_count: 2 },
        ],
      },
    ]);
    // The answer is the form now: the new extra has its id.
    expect(actor.getSnapshot().context.extras.map((extra) => extra.id)).toEqual([100, 5]);
    actor.send({ type: 'extra.edit', index: 0, field: 'price', value: '25000' });
    expect(actor.getSnapshot().context.saved).toBe(false);
  });

  it("Scenario: an extra needs a step to go in; the server's refusal is kept in its words and the forms stay as typed", async () => {
    const { actor } = start({
      data: { item_id: 11, steps: [], extras: [] },
      save: async () => {
        throw Object.assign(new Error('refused'), { status: 409, result: 'step_in_use', message: 'Extras of other items are still in the step "Choose sauces"; remove them first.', data: { field: 'steps' } });
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(actor.getSnapshot().can({ type: 'extra.add' })).toBe(false);
    actor.send({ type: 'step.add' });
    actor.send({ type: 'step.edit', index: 0, field: 'name', value: 'نان' });
    actor.send({ type: 'step.edit', index: 0, field: 'name_en', value: 'Bread' });
    expect(actor.getSnapshot().can({ type: 'extra.add' })).toBe(true);
    actor.send({ type: 'extras.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown') && snapshot.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal?.message).toBe('Extras of other items are still in the step "Choose sauces"; remove them first.');
    expect(actor.getSnapshot().context.steps.map((step) => step.name_en)).toEqual(['Bread']);
    expect(actor.getSnapshot().context.saved).toBe(false);
  });
});
