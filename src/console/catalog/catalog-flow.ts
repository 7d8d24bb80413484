import { fromPromise } from 'xstate';
import { catalogMachine, type FolderMove, type FolderSave, type ItemSave } from '@machines/console/catalog-machine';
import { consoleCall } from '../api';

/** The catalog screen's chart with its effects (it ships in the screen's own lazy chunk). */
const liveCatalog = catalogMachine.provide({
  actors: {
    'load catalog': fromPromise(() => consoleCall('catalog', {})),
    'switch stock': fromPromise(({ input }: { input: { item_id: number; in_stock: 0 | 1 } }) => consoleCall('catalog_stock', input)),
    'save item': fromPromise(({ input }: { input: ItemSave }) => consoleCall('catalog_item_save', { ...input, sizes: JSON.stringify(input.sizes) })),
    'save folder': fromPromise(({ input }: { input: FolderSave }) => consoleCall('catalog_folder_save', input)),
    'move folder': fromPromise(({ input }: { input: FolderMove }) => consoleCall('catalog_folder_move', input)),
  },
});

const loaded = Promise.resolve(liveCatalog);
/** The same promise every time, as useScreenFlow's `use` needs. */
export const catalogFlow = () => loaded;
