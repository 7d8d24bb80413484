import { fromPromise } from 'xstate';
import type { FolderSave } from '@machines/console/catalog-machine';
import { folderEditorMachine } from '@machines/console/folder-editor-machine';
import { fromUpload } from '@/api/upload-actor';
import { consoleApiLanguage, consoleCall } from '../api';

/** The folder editor's chart with its effects: catalog_folder_save, the upload (a shop picture) and catalog_folder_picture. */
const liveFolderEditor = folderEditorMachine.provide({
  actors: {
    'save folder': fromPromise(({ input }: { input: FolderSave }) => consoleCall('catalog_folder_save', input)),
    'set picture': fromPromise(({ input }: { input: { folder_id: number; picture_id: number } }) => consoleCall('catalog_folder_picture', input)),
    'upload picture': fromUpload(() => ({ type: 'shop_picture', extra: {}, language: consoleApiLanguage() })),
  },
});

const loaded = Promise.resolve(liveFolderEditor);
/** The same promise every time, as useScreenFlow's `use` needs. */
export const folderEditorFlow = () => loaded;
