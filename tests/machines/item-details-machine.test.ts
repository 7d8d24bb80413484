import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConsoleItemDetails } from '@contract/console/item-details-entities';
import { itemDetailsMachine, type DetailsSave } from '@machines/console/item-details-machine';

const loaded: ConsoleItemDetails = { item_id: 7, type: 1, features: [{ name: 'تند', name_en: 'Spicy' }], colors: [], code: '', texture_types: [], packaging_types: [] };

function start(save?: (input: DetailsSave) => Promise<ConsoleItemDetails>) {
  const saves: DetailsSave[] = [];
  const machine = itemDetailsMachine.provide({
    actors: {
      'load details': fromPromise(async () => loaded),
      'save details': fromPromise(async ({ input }: { input: DetailsSave }) => {
        saves.push(input);
        if (save) return save(input);
        const { item_id, hidden, ...rest } = input;
        return { item_id, type: hidden ? 12 : 1, ...rest } as ConsoleItemDetails;
      }),
    },
  });
  const actor = createActor(machine, { input: { itemId: 7 } }).start();
  return { actor, saves };
}

describe("the console's item details chart (issue 32)", () => {
  it('Scenario: the owner adds a colour and a packaging label and hides the item; a colour not written #rrggbb is shown by the rule and nothing is sent; fixed, all is saved', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(actor.getSnapshot().context.form.features).toEqual([{ name: 'تند', name_en: 'Spicy' }]);
    actor.send({ type: 'entry.add', list: 'colors' });
    actor.send({ type: 'entry.edit', list: 'colors', index: 0, field: 'name', value: 'قرمز' });
    actor.send({ type: 'entry.edit', list: 'colors', index: 0, field: 'name_en', value: 'Red' });
    actor.send({ type: 'entry.edit', list: 'colors', index: 0, field: 'hex', value: 'red' });
    actor.send({ type: 'entry.add', list: 'packaging_types' });
    actor.send({ type: 'entry.edit', list: 'packaging_types', index: 0, field: 'name', value: 'جعبه' });
    actor.send({ type: 'entry.edit', list: 'packaging_types', index: 0, field: 'name_en', value: 'Box' });
    actor.send({ type: 'code.edit', value: ' PZ-01 ' });
    actor.send({ type: 'hidden.set', hidden: true });
    actor.send({ type: 'details.save' });
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'colors.0.hex', problem: 'colour_hex_invalid' }]);
    expect(saves).toEqual([]);

    actor.send({ type: 'entry.edit', list: 'colors', index: 0, field: 'hex', value: '#c62828' });
    actor.send({ type: 'details.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown') && snapshot.context.saved);
    expect(saves).toEqual([
      {
        item_id: 7,
        features: [{ name: 'تند', name_en: 'Spicy' }],
        colors: [{ name: 'قرمز', name_en: 'Red', hex: '#c62828' }],
        code: 'PZ-01',
        texture_types: [],
        packaging_types: [{ name: 'جعبه', name_en: 'Box' }],
        hidden: true,
      },
    ]);
    expect(actor.getSnapshot().context.form.hidden).toBe(true);
    actor.send({ type: 'entry.remove', list: 'features', index: 0 });
    expect(actor.getSnapshot().context.saved).toBe(false);
    expect(actor.getSnapshot().context.form.features).toEqual([]);
  });

  it("Scenario: the server's refusal is kept in its words and the form stays as typed", async () => {
    const { actor } = start(async () => {
      throw Object.assign(new Error('refused'), { result: 'invalid_input', message: 'The product code has at most 40 characters.', data: { field: 'code' } });
    });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'code.edit', value: 'X' });
    actor.send({ type: 'details.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown') && snapshot.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toMatchObject({ result: 'invalid_input', message: 'The product code has at most 40 characters.' });
    expect(actor.getSnapshot().context.form.code).toBe('X');
  });
});
