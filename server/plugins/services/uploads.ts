import fp from 'fastify-plugin';
import { createFileStorage } from '../../services/uploads/file-storage';
import type { UploadStorage } from '../../services/uploads/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** where uploaded pictures live (docs/server.md, "Uploads") */
    uploads: UploadStorage;
  }
}

/** The upload storage: the one given (tests), else files under `dir`, or a temporary folder removed with the app. */
export const uploadsPlugin = fp<{ storage?: UploadStorage; dir: string | null }>(
  async (app, { storage, dir }) => {
    const uploads = storage ?? createFileStorage(dir);
    app.decorate('uploads', uploads);
    if (!storage) app.addHook('onClose', async () => uploads.close());
  },
  { name: 'uploads' },
);
