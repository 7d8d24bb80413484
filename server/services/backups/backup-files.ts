import { mkdirSync, readdirSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

/** The two kinds of backup: PGlite's dump of its data folder (a gzipped tar), and pg_dump's custom format. */
export type BackupKind = 'pglite' | 'postgres';

const SUFFIX: Record<BackupKind, string> = { pglite: '.pglite.tar.gz', postgres: '.pg.dump' };
const NAME = /^storefront-\d{8}-\d{6}Z\.(pglite\.tar\.gz|pg\.dump)$/;

/** `storefront-20261207-024900Z.pglite.tar.gz`: dated in UTC, so names sort as times. */
export function backupName(kind: BackupKind, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\.\d+Z$/, 'Z');
  return `storefront-${stamp}${SUFFIX[kind]}`;
}

/** The backups in `dir`, newest first (other files are left alone). */
export function listBackups(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((name) => NAME.test(name)).sort().reverse();
}

/** Deletes all but the `keep` newest backups of `dir`; returns the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const name of old) rmSync(join(dir, name), { force: true });
  return old;
}

/**
 * Writes a backup under a temporary name and renames it once complete: a backup interrupted (a full disk, a kill)
 * never sits in BACKUP_DIR under a backup's name, where pruning would count it and a restore would pick it.
 */
export async function writeAtomically(path: string, write: (partial: string) => Promise<void>): Promise<string> {
  mkdirSync(join(path, '..'), { recursive: true });
  const partial = `${path}.partial`;
  try {
    await write(partial);
    renameSync(partial, path);
  } catch (error) {
    try {
      unlinkSync(partial);
    } catch {
      /* never written */
    }
    throw error;
  }
  return path;
}

/** A backup or restore the operator asked for that cannot be done as asked: the commands print its one sentence. */
export class BackupRefused extends Error {
  override readonly name = 'BackupRefused';
}
