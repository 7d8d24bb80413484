import { fromPromise } from 'xstate';
import type { FolderMove, FolderSave, ItemSave } from '@machines/console/catalog-machine';
import { consoleCall } from '../api';

let loaded: Promise<Awaited<ReturnType<typeof load>>> | null = null;

async function load() {
  const { catalogMachine } = await import('@machines/console/catalog-machine');
  return catalogMachine.provide({
    actors: {
      'load catalog': fromPromise(() => consoleCall('catalog', {})),
      'switch stock': fromPromise(({ input }: { input: { item_id: number; in_stock: 0 | 1 } }) => consoleCall('catalog_stock', input)),
      'save item': fromPromise(({ input }: { input: ItemSave }) => consoleCall('catalog_item_save', { ...input, sizes: JSON.stringify(input.sizes) })),
      'save folder': fromPromise(({ input }: { input: FolderSave }) => consoleCall('catalog_folder_save', input)),
      'move folder': fromPromise(({ input }: { input: FolderMove }) => consoleCall('catalog_folder_move', input)),
    },
  });
}

/** The catalog screen's chart with its effects, loaded once with the screen's chunk (the same promise every time, as React's `use` needs). */
export const catalogFlow = () => (loaded ??= load());
