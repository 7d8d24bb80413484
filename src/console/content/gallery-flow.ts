import { fromPromise } from 'xstate';
import { galleryMachine, type GallerySave } from '@machines/console/gallery-machine';
import { fromUpload } from '@/api/upload-actor';
import { consoleApiLanguage, consoleCall } from '../api';

/** The gallery's chart with its effects: gallery_pictures, gallery_picture_save, gallery_picture_move, gallery_picture_remove and the upload (a shop picture). */
const liveGallery = galleryMachine.provide({
  actors: {
    'load gallery': fromPromise(() => consoleCall('gallery_pictures', {})),
    'save entry': fromPromise(({ input }: { input: GallerySave }) => consoleCall('gallery_picture_save', input)),
    'remove entry': fromPromise(({ input }: { input: { id: number } }) => consoleCall('gallery_picture_remove', input)),
    'move entry': fromPromise(({ input }: { input: { id: number; direction: 'up' | 'down' } }) => consoleCall('gallery_picture_move', input)),
    'upload picture': fromUpload(() => ({ type: 'shop_picture', extra: {}, language: consoleApiLanguage() })),
  },
});

const loaded = Promise.resolve(liveGallery);
/** The same promise every time, as useScreenFlow's `use` needs. */
export const galleryFlow = () => loaded;
