import { fromPromise } from 'xstate';
import { catalogMachine, type FolderMove, type FolderSave, type ItemSave } from '@machines/console/catalog-machine';
import { itemDetailsMachine, type DetailsSave } from '@machines/console/item-details-machine';
import { itemExtrasMachine, type ExtrasSave } from '@machines/console/item-extras-machine';
import { consoleCall } from '../api';

/** The item editor's details section with its effects. */
const liveItemDetails = itemDetailsMachine.provide({
  actors: {
    'load details': fromPromise(({ input }: { input: { item_id: number } }) => consoleCall('catalog_item_details', input)),
    'save details': fromPromise(({ input }: { input: DetailsSave }) =>
      consoleCall('catalog_item_details_save', {
        item_id: input.item_id,
        features: JSON.stringify(input.features),
        colors: JSON.stringify(input.colors),
        item_code: input.code,
        texture_types: JSON.stringify(input.texture_types),
        packaging_types: JSON.stringify(input.packaging_types),
        hidden: input.hidden ? 1 : 0,
      }),
    ),
  },
});

/** The item editor's option steps and extras section with its effects. */
const liveItemExtras = itemExtrasMachine.provide({
  actors: {
    'load extras': fromPromise(({ input }: { input: { item_id: number } }) => consoleCall('catalog_item_extras', input)),
    'save extras': fromPromise(({ input }: { input: ExtrasSave }) =>
      consoleCall('catalog_item_extras_save', { item_id: input.item_id, steps: JSON.stringify(input.steps), extras: JSON.stringify(input.extras) }),
    ),
  },
});

/** The catalog screen's chart with its effects, its item editor's sections included (it ships in the screen's own lazy chunk). */
const liveCatalog = catalogMachine.provide({
  actors: {
    'load catalog': fromPromise(() => consoleCall('catalog', {})),
    'switch stock': fromPromise(({ input }: { input: { item_id: number; in_stock: 0 | 1 } }) => consoleCall('catalog_stock', input)),
    'save item': fromPromise(({ input }: { input: ItemSave }) => consoleCall('catalog_item_save', { ...input, sizes: JSON.stringify(input.sizes) })),
    'save folder': fromPromise(({ input }: { input: FolderSave }) => consoleCall('catalog_folder_save', input)),
    'move folder': fromPromise(({ input }: { input: FolderMove }) => consoleCall('catalog_folder_move', input)),
    'item details': liveItemDetails,
    'item extras': liveItemExtras,
  },
});

const loaded = Promise.resolve(liveCatalog);
/** The same promise every time, as useScreenFlow's `use` needs. */
export const catalogFlow = () => loaded;
