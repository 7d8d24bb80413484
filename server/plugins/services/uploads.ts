import fp from 'fastify-plugin';
import { createFileStorage } from '../../services/uploads/file-storage';
import type { UploadStorage } from '../../services/uploads/storage';
import { storageFullEpisodes, type StorageFullEpisodes } from '../../services/uploads/storage-full';

declare module 'fastify' {
  interface FastifyInstance {
    /** where uploaded pictures live (docs/server.md, "Uploads") */
    uploads: UploadStorage;
    /** this instance's log of a full upload folder: once per episode (services/uploads/storage-full.ts) */
    uploadsFull: StorageFullEpisodes;
  }
}

/** The upload storage: the one given (tests), else files under `dir`, or a temporary folder removed with the app. */
export const uploadsPlugin = fp<{ storage?: UploadStorage; dir: string | null }>(
  async (app, { storage, dir }) => {
    const uploads = storage ?? createFileStorage(dir);
    app.decorate('uploadsFull', storageFullEpisodes({ error: (message) => app.log.error(message), info: (message) => app.log.info(message) }));
    app.decorate('uploads', uploads);
    if (!storage) app.addHook('onClose', async () => uploads.close());
  },
  { name: 'uploads' },
);
