import { linkSync, readFileSync, readlinkSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../startup-error';

/**
 * One process per embedded database folder: two PGlite instances on one folder corrupt it (each keeps its own
 * buffers and WAL position). The lock is a file created atomically (link) beside DATA_DIR/pglite; it names its process, so a
 * second server refuses with that pid, and a lock whose process died (kill -9) is taken over. A file, not flock: Node
 * has no flock, and the file is what names the holder to the second server and to db:backup.
 */

export const LOCK_FILE = 'pglite.lock';

/** Who holds the lock: the pid, and what tells a reused pid from the same process (Linux: start time, pid namespace). */
export interface LockHolder {
  pid: number;
  /** the process's start time in clock ticks since boot (/proc/PID/stat), null where there is no /proc */
  started: string | null;
  /** the kernel's boot id: a lock from before a reboot is dead whatever its pid */
  boot: string | null;
  /** the pid namespace: in another one (another container) the pid means nothing here */
  pidNamespace: string | null;
}

const readOr = (read: () => string): string | null => {
  try {
    return read().trim();
  } catch {
    return null;
  }
};

function startTime(pid: number): string | null {
  // Field 22 of /proc/PID/stat, counted after the command's closing parenthesis (the command may hold spaces).
  const stat = readOr(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null) : null;
}

export function thisProcess(): LockHolder {
  return {
    pid: process.pid,
    started: startTime(process.pid),
    boot: readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
    pidNamespace: readOr(() => readlinkSync('/proc/self/ns/pid')),
  };
}

/** Alive, dead, or unknown (another pid namespace: that container's process cannot be seen from here). */
export function holderState(holder: LockHolder, self: LockHolder = thisProcess()): 'alive' | 'dead' | 'unknown' {
  if (holder.boot && self.boot && holder.boot !== self.boot) return 'dead';
  if (holder.pidNamespace && self.pidNamespace && holder.pidNamespace !== self.pidNamespace) return 'unknown';
  if (holder.pid === self.pid) return 'dead';
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists under another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return 'dead';
  }
  // A live pid that started at another time is a later process that got the dead one's number.
  if (holder.started && startTime(holder.pid) !== holder.started) return 'dead';
  return 'alive';
}

/** The lock's holder as its file says, or null when there is no lock file (or it is empty: its writer died creating it). */
export function readLock(dataDir: string): LockHolder | null {
  const text = readOr(() => readFileSync(join(dataDir, LOCK_FILE), 'utf8'));
  if (!text) return null;
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : null;
  } catch {
    return null;
  }
}

/** Creates `path` holding `content`, unless it exists: written aside and linked, so the lock never exists empty. */
function createExclusive(path: string, content: string): boolean {
  const draft = `${path}.${process.pid}.new`;
  writeFileSync(draft, content);
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Removes a lock file whose holder is dead, only while it still is that holder's: the file is moved to a name of
 * this process (rename is atomic, so of two processes only one moves it) and read there. If another process took the
 * lock over in between, its file is put back (link refuses to replace one made meanwhile).
 */
function removeDead(path: string, dead: string): void {
  const moved = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, moved);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readOr(() => readFileSync(moved, 'utf8')) !== dead) linkSync(moved, path);
  } catch {
    /* a new lock was made meanwhile: that one stands */
  } finally {
    unlinkSync(moved);
  }
}

function refusal(dataDir: string, holder: LockHolder, state: 'alive' | 'unknown'): StartupError {
  const file = join(dataDir, LOCK_FILE);
  if (state === 'unknown') {
    return new StartupError(
      `DATA_DIR ${dataDir} is locked by process ${holder.pid} of another container or pid namespace (${file}); ` +
        `stop that server, or if it is gone delete ${file}, or set DATA_DIR to another folder.`,
    );
  }
  return new StartupError(
    `DATA_DIR ${dataDir} is in use by process ${holder.pid} (${file}): only one server may open an embedded database folder; ` +
      `stop that process or set DATA_DIR to another folder.`,
  );
}

export interface DataDirLock {
  /** Removes the lock file if it is still this process's (idempotent; also done on the process's exit). */
  release: () => void;
}

/**
 * Takes the lock on `dataDir` (a folder that exists), or throws a StartupError naming the folder and the process that
 * holds it. A dead holder's lock is taken over: see removeDead.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const self = thisProcess();
  const content = JSON.stringify(self);
  for (let attempt = 0; ; attempt += 1) {
    if (createExclusive(path, content)) break;
    const text = readOr(() => readFileSync(path, 'utf8')) ?? '';
    const holder = readLock(dataDir);
    const state = holder ? holderState(holder, self) : 'dead';
    if (holder && state !== 'dead') throw refusal(dataDir, holder, state);
    // Bounded: each round either takes the lock or meets a live holder, unless others keep dying mid-start.
    if (attempt >= 20) throw new StartupError(`DATA_DIR ${dataDir}: its lock ${path} could not be taken; delete it if no server uses the folder.`);
    removeDead(path, text);
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (readOr(() => readFileSync(path, 'utf8')) === content.trim()) unlinkSync(path);
  };
  // A server that exits on an error after opening the folder leaves no lock behind.
  process.on('exit', release);
  return { release };
}
