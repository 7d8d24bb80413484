import { fromPromise } from 'xstate';
import { magazineMachine, type MagazineSave } from '@machines/console/magazine-machine';
import { fromUpload } from '@/api/upload-actor';
import { consoleApiLanguage, consoleCall } from '../api';

/** The magazine's chart with its effects: magazine_posts, _save, _publish, _remove and the cover's upload (a shop picture). */
const liveMagazine = magazineMachine.provide({
  actors: {
    'load posts': fromPromise(() => consoleCall('magazine_posts', {})),
    'save post': fromPromise(({ input }: { input: MagazineSave }) => consoleCall('magazine_post_save', input)),
    'publish post': fromPromise(({ input }: { input: { id: number; published: 0 | 1 } }) => consoleCall('magazine_post_publish', input)),
    'remove post': fromPromise(({ input }: { input: { id: number } }) => consoleCall('magazine_post_remove', input)),
    'upload picture': fromUpload(() => ({ type: 'shop_picture', extra: {}, language: consoleApiLanguage() })),
  },
});

const loaded = Promise.resolve(liveMagazine);
/** The same promise every time, as useScreenFlow's `use` needs. */
export const magazineFlow = () => loaded;
