import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StartupError } from '../../startup-error';
import { isStorageFull, StorageFullError } from './storage-full';
import { isKey, newKey, type StoredExtension, type UploadStorage } from './storage';

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

/**
 * Pictures as files under `dir` (UPLOAD_DIR, default DATA_DIR/uploads), named by their keys.
 * A file is written under `.incoming/` and renamed into place (same folder tree, so the rename is
 * atomic): a reader never sees half a picture and a crash leaves only a temporary file behind.
 * Without `dir` (tests, an in-memory database) it uses a temporary folder of its own, deleted on close.
 * A full filesystem (ENOSPC, EDQUOT) throws StorageFullError, the temporary file removed.
 */
export function createFileStorage(dir: string | null): UploadStorage & { readonly dir: string } {
  const root = dir ?? mkdtempSync(join(tmpdir(), 'storefront-uploads-'));
  const incoming = join(root, '.incoming');
  try {
    mkdirSync(incoming, { recursive: true });
    const probe = join(incoming, `.write-test-${process.pid}`);
    writeFileSync(probe, 'ok');
    unlinkSync(probe);
  } catch (error) {
    const code = (error as { code?: unknown }).code ?? (error instanceof Error ? error.message : String(error));
    throw new StartupError(`UPLOAD_DIR ${root} cannot be used for uploaded pictures (${String(code)}); make it a writable folder or set UPLOAD_DIR to one.`);
  }
  const pathOf = (key: string) => {
    if (!isKey(key)) throw new Error(`not an upload key: ${JSON.stringify(key).slice(0, 80)}`);
    return join(root, key);
  };

  return {
    dir: root,
    async put(data: Uint8Array, extension: StoredExtension) {
      const key = newKey(extension);
      const target = pathOf(key);
      const temporary = join(incoming, randomBytes(16).toString('hex'));
      try {
        const file = await open(temporary, 'wx', 0o640);
        try {
          await file.writeFile(data);
          await file.sync();
        } finally {
          await file.close();
        }
        await mkdir(join(root, key.slice(0, 2)), { recursive: true });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw isStorageFull(error) ? new StorageFullError(String(error.code)) : error;
      }
      return key;
    },
    async read(key: string) {
      if (!isKey(key)) return null;
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key: string) {
      if (!isKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
    async close() {
      if (dir === null) rmSync(root, { recursive: true, force: true });
    },
  };
}
