/** The upload folder's filesystem (or the account's quota on it) has no room for another file. */
export class StorageFullError extends Error {
  constructor(readonly code: string) {
    super(`the upload folder is full (${code})`);
    this.name = 'StorageFullError';
  }
}

/** ENOSPC (no space left on the device) and EDQUOT (quota exceeded): a write that more room would let through. */
export const isStorageFull = (error: unknown): error is NodeJS.ErrnoException => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
};

export interface StorageFullLog {
  error: (message: string) => void;
  info: (message: string) => void;
}

/**
 * Logs a full upload folder once per episode on this instance: the first upload refused for it logs at error, the
 * ones that follow while it stays full only count; the next upload stored whole (picture and thumbnail) ends the
 * episode, logged at info with the count, so a folder that fills again is logged again. A picture that fit while its
 * thumbnail did not is no end: the folder is still full.
 */
export function storageFullEpisodes(log: StorageFullLog) {
  let refused = 0;
  return {
    refused(error: StorageFullError): void {
      if (refused === 0) log.error(`uploads: the upload folder is full (${error.code}): pictures are refused with 507 until there is room again`);
      refused += 1;
    },
    stored(): void {
      if (refused === 0) return;
      log.info(`uploads: the upload folder has room again; ${refused} picture(s) were refused while it was full`);
      refused = 0;
    },
  };
}
export type StorageFullEpisodes = ReturnType<typeof storageFullEpisodes>;
