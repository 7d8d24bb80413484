import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';

/**
 * The run's folder of ready-made databases (see createTestDatabase): a PGlite
 * image of the migrated and seeded database (pglite-image.ts), or on PostgreSQL
 * two template databases named after the folder.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    databaseImages: string;
  }
}

export type DatabaseImage = 'migrated' | 'seeded';

export function newImagesFolder(): string {
  const folder = join(tmpdir(), `storefront-test-db-${randomBytes(6).toString('hex')}`);
  mkdirSync(folder);
  return folder;
}

/** The PostgreSQL template database of an image of this run. */
export function templateName(folder: string, image: DatabaseImage): string {
  return `${basename(folder).replaceAll('-', '_')}_${image}`;
}

/** Forgets the run's images (they are rebuilt on first use); `remove` deletes the folder too. */
export async function clearImages(folder: string, { remove = false } = {}): Promise<void> {
  for (const entry of readdirSync(folder)) rmSync(join(folder, entry), { force: true });
  if (remove) rmSync(folder, { recursive: true, force: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const image of ['seeded', 'migrated'] as const) await admin.query(`DROP DATABASE IF EXISTS ${templateName(folder, image)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
