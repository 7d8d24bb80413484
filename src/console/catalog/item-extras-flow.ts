import { fromPromise } from 'xstate';
import { itemExtrasMachine, type ExtrasSave } from '@machines/console/item-extras-machine';
import { consoleCall } from '../api';

/** The item editor's option steps and extras chart with its effects (in the catalog screen's lazy chunk). */
const liveItemExtras = itemExtrasMachine.provide({
  actors: {
    'load extras': fromPromise(({ input }: { input: { item_id: number } }) => consoleCall('catalog_item_extras', input)),
    'save extras': fromPromise(({ input }: { input: ExtrasSave }) =>
      consoleCall('catalog_item_extras_save', { item_id: input.item_id, steps: JSON.stringify(input.steps), extras: JSON.stringify(input.extras) }),
    ),
  },
});

// Marked fulfilled as `use` reads a settled promise: the editor renders in the dialog's portal, where a suspension
// (Preact) never showed the dialog again.
const loaded = Object.assign(Promise.resolve(liveItemExtras), { status: 'fulfilled' as const, value: liveItemExtras });
/** The same promise every time, as useScreenFlow's `use` needs. */
export const itemExtrasFlow = () => loaded;
