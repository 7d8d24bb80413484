import { fromPromise } from 'xstate';
import { itemDetailsMachine, type DetailsSave } from '@machines/console/item-details-machine';
import { consoleCall } from '../api';

/** The item editor's details chart with its effects (in the catalog screen's lazy chunk). */
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

// Marked fulfilled as `use` reads a settled promise: the editor renders in the dialog's portal, where a suspension
// (Preact) never showed the dialog again.
const loaded = Object.assign(Promise.resolve(liveItemDetails), { status: 'fulfilled' as const, value: liveItemDetails });
/** The same promise every time, as useScreenFlow's `use` needs. */
export const itemDetailsFlow = () => loaded;
