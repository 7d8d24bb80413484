import { fromPromise } from 'xstate';
import { itemPicturesMachine } from '@machines/console/item-pictures-machine';
import { fromUpload } from '@/api/upload-actor';
import { consoleApiLanguage, consoleCall } from '../api';

/** The item editor's pictures chart with its effects: the upload (a shop picture, in the console's language) and catalog_item_pictures. */
const livePictures = itemPicturesMachine.provide({
  actors: {
    'upload picture': fromUpload(() => ({ type: 'shop_picture', extra: {}, language: consoleApiLanguage() })),
    'save pictures': fromPromise(({ input }: { input: { item_id: number; picture_ids: number[] } }) =>
      consoleCall('catalog_item_pictures', { item_id: input.item_id, picture_ids: JSON.stringify(input.picture_ids) }),
    ),
  },
});

const loaded = Promise.resolve(livePictures);
/** The same promise every time, as useScreenFlow's `use` needs. */
export const itemPicturesFlow = () => loaded;
