import { fromPromise } from 'xstate';
import { magazineMachine, type MagazineChange, type MagazineSave } from '@machines/console/magazine-machine';
import { fromUpload } from '@/api/upload-actor';
import { consoleApiLanguage, consoleCall } from '../api';

/** The magazine's chart with its effects: magazine_posts, _save, _publish, _remove and the cover's upload (a shop picture). */
const liveMagazine = magazineMachine.provide({
  actors: {
    'load posts': fromPromise(() => consoleCall('magazine_posts', {})),
    'save post': fromPromise(({ input }: { input: MagazineSave }) => consoleCall('magazine_post_save', input)),
    'change post': fromPromise(({ input }: { input: MagazineChange }) =>
      input.change === 'remove' ? consoleCall('magazine_post_remove', { id: input.id }) : consoleCall('magazine_post_publish', { id: input.id, published: input.change === 'publish' ? 1 : 0 }),
    ),
    'upload picture': fromUpload(() => ({ type: 'shop_picture', extra: {}, language: consoleApiLanguage() })),
  },
});

const loaded = Promise.resolve(liveMagazine);
/** The same promise every time, as useScreenFlow's `use` needs. */
export const magazineFlow = () => loaded;
