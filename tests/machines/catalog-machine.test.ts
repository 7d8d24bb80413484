import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConsoleCatalog, ConsoleItem } from '@contract/console/catalog-entities';
import { catalogMachine, refusedField, type FolderMove, type FolderSave, type ItemSave } from '@machines/console/catalog-machine';

const salad: ConsoleItem = {
  id: 11,
  folder_id: 2,
  type: 1,
  name: 'سالاد شیرازی',
  name_en: 'Shirazi salad',
  description: '',
  description_en: '',
  unit: 'number',
  unit_step: 1,
  price: 450_000,
  sizes: [],
  in_stock: true,
  picture: null,
  pictures: [],
  sort: 1,
};
const catalog: ConsoleCatalog = { folders: [{ id: 2, parent_id: 0, name: 'پیش‌غذا', name_en: 'Starters', picture: null, bg_color: null, sort: 1 }], items: [salad] };

function start(options: { saveItem?: (input: ItemSave) => Promise<ConsoleItem> } = {}) {
  const calls: { stock: { item_id: number; in_stock: 0 | 1 }[]; items: ItemSave[]; folders: FolderSave[]; moves: FolderMove[] } = { stock: [], items: [], folders: [], moves: [] };
  const machine = catalogMachine.provide({
    actors: {
      'load catalog': fromPromise(async () => catalog),
      'switch stock': fromPromise(async ({ input }: { input: { item_id: number; in_stock: 0 | 1 } }) => {
        calls.stock.push(input);
        return { ...salad, in_stock: input.in_stock === 1 };
      }),
      'save item': fromPromise(async ({ input }: { input: ItemSave }) => {
        calls.items.push(input);
        return options.saveItem ? options.saveItem(input) : { ...salad, price: input.price };
      }),
      'save folder': fromPromise(async ({ input }: { input: FolderSave }) => {
        calls.folders.push(input);
        return { id: 3, parent_id: input.parent_id, name: input.name, name_en: input.name_en, picture: null as string | null, bg_color: null as string | null, sort: 2 };
      }),
      'move folder': fromPromise(async ({ input }: { input: FolderMove }) => {
        calls.moves.push(input);
        return catalog.folders;
      }),
    },
  });
  const actor = createActor(machine, { input: { currency: 'IRT' } }).start();
  return { actor, calls };
}

describe('the console catalog chart (issue 32)', () => {
  it('Scenario: one tap marks an item finished; the same switch again is not offered; the list shows it finished', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(actor.getSnapshot().can({ type: 'stock.switch', itemId: salad.id, inStock: true })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'stock.switch', itemId: 999, inStock: false })).toBe(false);
    actor.send({ type: 'stock.switch', itemId: salad.id, inStock: false });
    expect(actor.getSnapshot().context.switching).toBe(salad.id);
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(calls.stock).toEqual([{ item_id: salad.id, in_stock: 0 }]);
    expect(actor.getSnapshot().context.catalog?.items[0].in_stock).toBe(false);
  });

  it('Scenario: the editor sends the price in rial (typed in toman, Persian digits); a blank name or a bad size is refused by the rule and nothing is sent; the server refusal is kept with its field', async () => {
    let refuse = true;
    const { actor, calls } = start({
      saveItem: async (input) => {
        if (refuse) throw { result: 'invalid_input', message: 'پوشه کالا را انتخاب کنید.', data: { field: 'folder_id' } };
        return { ...salad, price: input.price };
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'item.open', itemId: salad.id });
    actor.send({ type: 'item.edit', field: 'name', value: ' ' });
    actor.send({ type: 'item.save' });
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'name', problem: 'name_required' }]);
    actor.send({ type: 'item.edit', field: 'name', value: 'سالاد' });
    actor.send({ type: 'size.add' });
    actor.send({ type: 'item.save' });
    expect(actor.getSnapshot().context.problems.map((problem) => problem.field)).toEqual(['sizes.0.name', 'sizes.0.price']);
    actor.send({ type: 'size.remove', index: 0 });
    expect(calls.items).toEqual([]);

    actor.send({ type: 'item.edit', field: 'price', value: '۵۰٬۰۰۰' });
    actor.send({ type: 'item.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(calls.items).toMatchObject([{ item_id: salad.id, name: 'سالاد', price: 500_000, folder_id: 2, sizes: [] }]);
    expect(refusedField(actor.getSnapshot().context)).toBe('folder_id');
    expect(actor.getSnapshot().context.editor).not.toBeNull();

    refuse = false;
    actor.send({ type: 'item.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown') && snapshot.context.editor === null);
    expect(actor.getSnapshot().context.catalog?.items[0].price).toBe(500_000);
    expect(actor.getSnapshot().context.saved).toBe(salad.name);
  });

  it('Scenario: a folder without an English name is refused before sending; a good one is added to the list', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'folder.save', name: 'دسر', name_en: '', parent_id: 0 });
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'name_en', problem: 'name_en_required' }]);
    actor.send({ type: 'folder.save', name: 'دسر', name_en: 'Desserts', parent_id: 0 });
    await waitFor(actor, (snapshot) => snapshot.matches('shown') && (snapshot.context.catalog?.folders.length ?? 0) === 2);
    expect(calls.folders).toEqual([{ name: 'دسر', name_en: 'Desserts', parent_id: 0 }]);
  });

  it('Scenario: a folder editor opens for a listed folder only and closes an open item editor; a folder its editor saved is shown as answered', async () => {
    const { actor } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'folder.open', folderId: 99 });
    expect(actor.getSnapshot().context.folderOpen).toBeNull();
    actor.send({ type: 'item.open', itemId: salad.id });
    actor.send({ type: 'folder.open', folderId: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ folderOpen: 2, editor: null });
    actor.send({ type: 'folder.stored', folder: { ...catalog.folders[0], name_en: 'Cold starters', bg_color: '#aabbcc', picture: '/media/7' } });
    expect(actor.getSnapshot().context.catalog?.folders).toEqual([{ ...catalog.folders[0], name_en: 'Cold starters', bg_color: '#aabbcc', picture: '/media/7' }]);
    actor.send({ type: 'folder.close' });
    expect(actor.getSnapshot().context.folderOpen).toBeNull();
  });
});
