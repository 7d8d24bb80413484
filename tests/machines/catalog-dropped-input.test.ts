import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ConsoleCatalog, ConsoleFolder, ConsoleItem } from '@contract/console/catalog-entities';
import { catalogMachine, type FolderMove, type FolderSave, type ItemSave } from '@machines/console/catalog-machine';
import { heldRequests, settle } from './held-requests';

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
const starters: ConsoleFolder = { id: 2, parent_id: 0, name: 'پیش‌غذا', name_en: 'Starters', picture: null, bg_color: null, sort: 1 };
const catalog: ConsoleCatalog = { folders: [starters, { ...starters, id: 4, name: 'نوشیدنی', name_en: 'Drinks', sort: 2 }], items: [salad] };
const newFolder = { name: 'دسر', name_en: 'Desserts', parent_id: 0 };

async function shown() {
  const switches = heldRequests<{ item_id: number; in_stock: 0 | 1 }, ConsoleItem>();
  const items = heldRequests<ItemSave, ConsoleItem>();
  const folders = heldRequests<FolderSave, ConsoleFolder>();
  const moves = heldRequests<FolderMove, ConsoleFolder[]>();
  const machine = catalogMachine.provide({
    actors: {
      'load catalog': fromPromise(async () => catalog),
      'switch stock': fromPromise(({ input }: { input: { item_id: number; in_stock: 0 | 1 } }) => switches.call(input)),
      'save item': fromPromise(({ input }: { input: ItemSave }) => items.call(input)),
      'save folder': fromPromise(({ input }: { input: FolderSave }) => folders.call(input)),
      'move folder': fromPromise(({ input }: { input: FolderMove }) => moves.call(input)),
    },
  });
  const actor = createActor(machine, { input: { currency: 'IRT' } }).start();
  await settle();
  expect(actor.getSnapshot().matches('shown')).toBe(true);
  return { actor, switches, items, folders, moves };
}

describe('catalog: the folder editor closes whatever runs; opening waits, as the screen shows it', () => {
  it('Scenario: the folder editor’s Close is taken while a stock switch, a folder move or a new folder’s save runs', async () => {
    const { actor, switches, moves, folders } = await shown();
    const closesWhile = async (start: () => void, answer: () => void) => {
      actor.send({ type: 'folder.open', folderId: 2 });
      expect(actor.getSnapshot().context.folderOpen).toBe(2);
      start();
      expect(actor.getSnapshot().matches('shown')).toBe(false);
      actor.send({ type: 'folder.close' });
      expect(actor.getSnapshot().context.folderOpen).toBeNull();
      answer();
      await settle();
      expect(actor.getSnapshot().matches('shown')).toBe(true);
    };
    await closesWhile(
      () => actor.send({ type: 'stock.switch', itemId: salad.id, inStock: false }),
      () => switches.next().resolve({ ...salad, in_stock: false }),
    );
    await closesWhile(
      () => actor.send({ type: 'folder.move', folder_id: 4, direction: 'up' }),
      () => moves.next().resolve(catalog.folders),
    );
    await closesWhile(
      () => actor.send({ type: 'folder.save', ...newFolder }),
      () => folders.next().resolve({ ...starters, id: 5, ...newFolder, sort: 3 }),
    );
  });

  it('Scenario: a folder’s Edit, an item’s Edit, Add item and Add folder are not taken while a switch, a move, a folder’s or an item’s save runs', async () => {
    const { actor, switches, moves, folders, items } = await shown();
    const opens = () => {
      const snapshot = actor.getSnapshot();
      return [
        snapshot.can({ type: 'folder.open', folderId: 2 }),
        snapshot.can({ type: 'item.open', itemId: salad.id }),
        snapshot.can({ type: 'item.open', itemId: null, folderId: 2 }),
        snapshot.can({ type: 'folder.save', ...newFolder }),
      ];
    };
    const all = (taken: boolean) => [taken, taken, taken, taken];
    expect(opens()).toEqual(all(true));
    actor.send({ type: 'stock.switch', itemId: salad.id, inStock: false });
    expect(opens()).toEqual(all(false));
    switches.next().resolve({ ...salad, in_stock: false });
    await settle();
    actor.send({ type: 'folder.move', folder_id: 4, direction: 'up' });
    expect(opens()).toEqual(all(false));
    moves.next().resolve(catalog.folders);
    await settle();
    actor.send({ type: 'folder.save', ...newFolder });
    expect(opens()).toEqual(all(false));
    folders.next().reject({ result: 'invalid_input', message: 'No.' });
    await settle();
    expect(opens()).toEqual(all(true));
    actor.send({ type: 'item.open', itemId: null, folderId: 2 });
    actor.send({ type: 'item.edit', field: 'name', value: 'ماست' });
    actor.send({ type: 'item.edit', field: 'name_en', value: 'Yogurt' });
    actor.send({ type: 'item.edit', field: 'price', value: '50000' });
    actor.send({ type: 'item.save' });
    expect(actor.getSnapshot().matches('savingItem')).toBe(true);
    expect(opens()).toEqual(all(false));
    items.next().resolve({ ...salad, id: 12, name: 'ماست', name_en: 'Yogurt' });
    await settle();
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    expect(opens()).toEqual(all(true));
  });
});
