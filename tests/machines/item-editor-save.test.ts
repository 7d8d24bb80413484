import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConsoleCatalog, ConsoleItem } from '@contract/console/catalog-entities';
import type { ConsoleItemDetails } from '@contract/console/item-details-entities';
import type { ConsoleItemExtras } from '@contract/console/item-extras-entities';
import { catalogMachine, type ItemSave } from '@machines/console/catalog-machine';
import { itemDetailsMachine, type DetailsSave } from '@machines/console/item-details-machine';
import { itemExtrasMachine, type ExtrasSave } from '@machines/console/item-extras-machine';

/*
 * The item editor is one dialog with one save, so nothing the owner typed is left behind: its Save sends what changed
 * of the item, then of its details and of its option steps, and closes once all of it went through; nothing is sent
 * unless every part passes its rule; closing with unsaved changes asks first.
 */

const doogh: ConsoleItem = {
  id: 21,
  folder_id: 3,
  type: 1,
  name: 'دوغ محلی',
  name_en: 'Local doogh',
  description: '',
  description_en: '',
  unit: 'number',
  unit_step: 1,
  price: 90_000,
  sizes: [],
  in_stock: true,
  picture: null,
  pictures: [],
  sort: 1,
};
const catalog: ConsoleCatalog = { folders: [{ id: 3, parent_id: 0, name: 'نوشیدنی', name_en: 'Drinks', picture: null, bg_color: null, sort: 1 }], items: [doogh] };
const details: ConsoleItemDetails = { item_id: doogh.id, type: 1, features: [], colors: [], code: '', texture_types: [], packaging_types: [] };
const extras: ConsoleItemExtras = { item_id: doogh.id, steps: [{ id: 1, name: 'سس', name_en: 'Sauce', min_count: 0, max_count: 1 }], extras: [] };

type Refusal = { result: string; message: string; data: unknown };

function start(refuse: { extras?: Refusal } = {}) {
  const sent: { items: ItemSave[]; details: DetailsSave[]; extras: ExtrasSave[] } = { items: [], details: [], extras: [] };
  const machine = catalogMachine.provide({
    actors: {
      'load catalog': fromPromise(async () => catalog),
      'save item': fromPromise(async ({ input }: { input: ItemSave }) => {
        sent.items.push(input);
        return { ...doogh, price: input.price };
      }),
      'item details': itemDetailsMachine.provide({
        actors: {
          'load details': fromPromise(async () => details),
          'save details': fromPromise(async ({ input }: { input: DetailsSave }) => {
            sent.details.push(input);
            return { ...details, type: input.hidden ? 12 : 1, code: input.code };
          }),
        },
      }),
      'item extras': itemExtrasMachine.provide({
        actors: {
          'load extras': fromPromise(async () => extras),
          'save extras': fromPromise(async ({ input }: { input: ExtrasSave }) => {
            sent.extras.push(input);
            if (refuse.extras) throw refuse.extras;
            return { item_id: input.item_id, steps: input.steps, extras: input.extras.map((extra, index) => ({ id: 50 + index, ...extra })) };
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { currency: 'IRT' } }).start();
  return { actor, sent };
}

/** The catalog shown and the doogh's editor open with both sections loaded. */
async function editing(refuse: { extras?: Refusal } = {}) {
  const started = start(refuse);
  const { actor } = started;
  await waitFor(actor, (snapshot) => snapshot.matches('shown'));
  actor.send({ type: 'item.open', itemId: doogh.id });
  const editor = actor.getSnapshot().context.editor!;
  await waitFor(editor.details!, (snapshot) => snapshot.matches('shown'));
  await waitFor(editor.extras!, (snapshot) => snapshot.matches('shown'));
  return { ...started, details: editor.details!, extras: editor.extras! };
}

const closed = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => snapshot.matches('shown') && snapshot.context.editor === null);

describe('the item editor: one dialog, one save', () => {
  it('Scenario: the owner ticks "never listed" and presses the dialog\'s Save: the details are saved, the unchanged item is not sent, and the editor closes with its note', async () => {
    const { actor, sent, details: section } = await editing();
    section.send({ type: 'hidden.set', hidden: true });
    actor.send({ type: 'item.save' });
    await closed(actor);
    expect(sent.details).toMatchObject([{ item_id: doogh.id, hidden: true }]);
    expect(sent.items).toEqual([]);
    expect(sent.extras).toEqual([]);
    expect(actor.getSnapshot().context.saved).toBe(doogh.name);
    // The sections end with the editor.
    expect(section.getSnapshot().status).toBe('stopped');
    expect(Object.keys(actor.getSnapshot().children)).toEqual([]);
  });

  it('Scenario: a price and a product code typed before one Save are both saved: the item first, then its details', async () => {
    const { actor, sent, details: section } = await editing();
    actor.send({ type: 'item.edit', field: 'price', value: '۹۵٬۰۰۰' });
    section.send({ type: 'code.edit', value: 'DG-1' });
    actor.send({ type: 'item.save' });
    await closed(actor);
    expect(sent.items).toMatchObject([{ item_id: doogh.id, price: 950_000 }]);
    expect(sent.details).toMatchObject([{ code: 'DG-1', hidden: false }]);
    expect(actor.getSnapshot().context.catalog?.items[0].price).toBe(950_000);
  });

  it('Scenario: a section its rule refuses stops the whole save: nothing is sent, the section shows the rule\'s problem, the editor stays open', async () => {
    const { actor, sent, details: section } = await editing();
    actor.send({ type: 'item.edit', field: 'price', value: '95000' });
    section.send({ type: 'entry.add', list: 'colors' });
    section.send({ type: 'entry.edit', list: 'colors', index: 0, field: 'name', value: 'سفید' });
    section.send({ type: 'entry.edit', list: 'colors', index: 0, field: 'name_en', value: 'White' });
    section.send({ type: 'entry.edit', list: 'colors', index: 0, field: 'hex', value: 'white' });
    actor.send({ type: 'item.save' });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    expect(section.getSnapshot().context.problems).toEqual([{ field: 'colors.0.hex', problem: 'colour_hex_invalid' }]);
    expect(sent).toEqual({ items: [], details: [], extras: [] });
    expect(actor.getSnapshot().context.editor?.form.price).toBe('95000');
  });

  it('Scenario: the server refuses the option steps after the item and details went through: the editor stays open and says which part was not saved', async () => {
    const refusal = { result: 'invalid_input', message: 'این مرحله را نمی‌توان حذف کرد.', data: { field: 'steps.0.id' } };
    const { actor, sent, details: section, extras: options } = await editing({ extras: refusal });
    actor.send({ type: 'item.edit', field: 'price', value: '95000' });
    section.send({ type: 'hidden.set', hidden: true });
    options.send({ type: 'step.remove', index: 0 });
    actor.send({ type: 'item.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown') && snapshot.context.editor?.notSaved === 'extras');
    expect(sent.items).toHaveLength(1);
    expect(sent.details).toHaveLength(1);
    expect(sent.extras).toHaveLength(1);
    expect(options.getSnapshot().context.refusal).toMatchObject({ result: 'invalid_input' });
    // What went through is no longer unsaved; what was refused still is, so closing asks.
    actor.send({ type: 'item.close' });
    expect(actor.getSnapshot().matches('discarding')).toBe(true);
    actor.send({ type: 'discard.cancel' });
    // Pressed again, only the refused part is sent again.
    actor.send({ type: 'item.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(sent.items).toHaveLength(1);
    expect(sent.details).toHaveLength(1);
    expect(sent.extras).toHaveLength(2);
  });

  it('Scenario: closing with unsaved changes asks first; "keep editing" keeps them; "discard" closes and sends nothing; with nothing changed it closes at once', async () => {
    const { actor, sent, extras: options } = await editing();
    actor.send({ type: 'item.close' });
    expect(actor.getSnapshot().context.editor).toBeNull();

    actor.send({ type: 'item.open', itemId: doogh.id });
    const reopened = actor.getSnapshot().context.editor!.extras!;
    expect(reopened).not.toBe(options);
    await waitFor(reopened, (snapshot) => snapshot.matches('shown'));
    reopened.send({ type: 'step.edit', index: 0, field: 'name', value: 'سس‌ها' });
    actor.send({ type: 'item.close' });
    expect(actor.getSnapshot().matches('discarding')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'item.save' })).toBe(false);
    actor.send({ type: 'discard.cancel' });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    expect(reopened.getSnapshot().context.steps[0].name).toBe('سس‌ها');

    // Typed and typed back: nothing is unsaved.
    actor.send({ type: 'item.edit', field: 'name', value: 'دوغ' });
    actor.send({ type: 'item.edit', field: 'name', value: doogh.name });
    reopened.send({ type: 'step.edit', index: 0, field: 'name', value: 'سس' });
    actor.send({ type: 'item.close' });
    expect(actor.getSnapshot().context.editor).toBeNull();

    actor.send({ type: 'item.open', itemId: doogh.id });
    actor.send({ type: 'item.edit', field: 'price', value: '1' });
    actor.send({ type: 'item.close' });
    actor.send({ type: 'discard.confirm' });
    expect(actor.getSnapshot().context.editor).toBeNull();
    expect(sent).toEqual({ items: [], details: [], extras: [] });
  });

  it('Scenario: the same price typed in Persian digits with a separator («۹٬۰۰۰» for 9000) is no change: closing does not ask; another amount asks', async () => {
    const { actor, sent } = await editing();
    expect(actor.getSnapshot().context.editor!.form.price).toBe('9000');
    actor.send({ type: 'item.edit', field: 'price', value: '۹٬۰۰۰' });
    actor.send({ type: 'item.edit', field: 'name', value: `${doogh.name} ` });
    actor.send({ type: 'item.close' });
    expect(actor.getSnapshot().context.editor).toBeNull();

    actor.send({ type: 'item.open', itemId: doogh.id });
    actor.send({ type: 'item.edit', field: 'price', value: '۹٬۵۰۰' });
    actor.send({ type: 'item.close' });
    expect(actor.getSnapshot().matches('discarding')).toBe(true);
    actor.send({ type: 'discard.confirm' });
    expect(sent).toEqual({ items: [], details: [], extras: [] });
  });
});
