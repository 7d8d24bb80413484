import { randomBytes } from 'node:crypto';

/**
 * Where uploaded pictures' bytes live, by key. Keys are generated here, never taken from a
 * request (a client's file name never reaches a path), and every implementation refuses a key
 * that is not of this shape, so even a tampered row cannot name another file.
 * The filesystem implementation is file-storage.ts; an S3-compatible one would fit the same shape.
 */
export interface UploadStorage {
  /** Stores bytes under a new key (written whole or not at all) and returns the key. */
  put(data: Uint8Array, extension: StoredExtension): Promise<string>;
  /** The bytes stored under `key`, or null when there are none. */
  read(key: string): Promise<Buffer | null>;
  /** Forgets `key`; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Releases what the storage holds open (a temporary folder of its own is deleted). */
  close(): Promise<void>;
}

export const STORED_EXTENSIONS = ['jpg', 'png', 'webp'] as const;
export type StoredExtension = (typeof STORED_EXTENSIONS)[number];

/** `ab/ab…(32 hex).jpg`: 128 random bits; the first byte as a folder keeps folders small. */
const KEY_SHAPE = /^([0-9a-f]{2})\/\1[0-9a-f]{30}\.(jpg|png|webp)$/;

/** A new random key for a picture of this extension. */
export function newKey(extension: StoredExtension): string {
  const name = randomBytes(16).toString('hex');
  return `${name.slice(0, 2)}/${name}.${extension}`;
}

/** Whether `key` is one newKey could have made. */
export const isKey = (key: string): boolean => KEY_SHAPE.test(key);
