import { existsSync, mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { StartupError } from '../startup-error';

// PGlite's file system is Emscripten's: its ErrnoError carries WASI errno numbers, not Node's codes.
const pgliteErrnoCodes: Record<number, string> = { 2: 'EACCES', 20: 'EEXIST', 44: 'ENOENT', 51: 'ENOSPC', 54: 'ENOTDIR', 63: 'EPERM', 69: 'EROFS' };

function codeOf(error: unknown): string | null {
  if (error === null || typeof error !== 'object') return null;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  if (typeof code === 'string') return code;
  if (typeof errno === 'number' && (error as { name?: unknown }).name === 'ErrnoError') return pgliteErrnoCodes[errno] ?? null;
  return null;
}

/** The nearest existing ancestor of `path` (or `path` itself) that is not a folder, if any. */
function fileInTheWay(path: string): string | null {
  for (let current = path; ; current = dirname(current)) {
    if (existsSync(current)) return statSync(current).isDirectory() ? null : current;
    if (dirname(current) === current) return null;
  }
}

/** One sentence: which folder, what is wrong with it, what to do. */
export function describeDataDirError(dataDir: string, error: unknown): string {
  const code = codeOf(error);
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    const file = fileInTheWay(join(dataDir, 'pglite'));
    if (file) return `DATA_DIR ${dataDir} cannot be used: ${file} is a file, not a folder; set DATA_DIR to a folder or move that file away.`;
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return `DATA_DIR ${dataDir} is not writable (${code}); give the server's user write access to it or set DATA_DIR to a writable folder.`;
  }
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return `DATA_DIR ${dataDir} is full (no space left on its disk); free some space or set DATA_DIR to a folder on another disk.`;
  }
  const reason = error instanceof Error ? error.message : String(error);
  // PGlite's Postgres aborts (a WebAssembly RuntimeError) on files it cannot make sense of: a folder two servers wrote
  // at once, or one cut off mid-write. Nothing here can mend it; the last backup can.
  if (/Aborted\(\)/.test(reason) || (error instanceof Error && error.name === 'RuntimeError')) {
    return (
      `The embedded database in ${join(dataDir, 'pglite')} cannot be opened (its files are damaged); stop every server using DATA_DIR ${dataDir}, ` +
      `move that pglite folder away and restore the newest backup (in BACKUP_DIR, default ${join(dataDir, 'backups')}) with: npm run db:restore -- FILE`
    );
  }
  return `DATA_DIR ${dataDir} cannot be used for the embedded database (${code ?? reason}); check that it is a writable folder with free space.`;
}

/**
 * Makes `dataDir/pglite` and proves it is writable before PGlite opens it: PGlite reports these
 * problems as `ErrnoError { errno: 51 }` or a misleading ENOENT. Throws a StartupError sentence.
 */
export function prepareDataDir(dataDir: string): string {
  const dir = join(dataDir, 'pglite');
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, 'ok');
    unlinkSync(probe);
  } catch (error) {
    throw new StartupError(describeDataDirError(dataDir, error));
  }
  return dir;
}
