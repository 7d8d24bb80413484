import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Connection } from '../../db/connection';
import { holderState, readLock } from '../../db/data-dir-lock';
import { BackupRefused } from './backup-files';
import { writeBackup } from './write-backup';

/**
 * db:backup while a server holds the embedded database: only that process may open the folder, so the command asks
 * it. A request is a file in DATA_DIR/backup-requests naming the BACKUP_DIR to write to, and SIGUSR2 wakes the server;
 * its reply is a file beside it. A signal rather than a local HTTP request: the server may listen on any address
 * behind a proxy, and an endpoint would need credentials, while only the server's own user (or root) can signal it and
 * write in DATA_DIR, so the operating system already checks who asks.
 */

const REQUESTS = 'backup-requests';
const SIGNAL = 'SIGUSR2';
const POLL_MS = 100;

interface Reply {
  file?: string;
  error?: string;
}

function writeReply(dir: string, id: string, reply: Reply): void {
  const partial = join(dir, `${id}.reply.partial`);
  writeFileSync(partial, JSON.stringify(reply));
  renameSync(partial, join(dir, `${id}.reply`));
}

/** The server's side: on SIGUSR2 it writes a backup for each waiting request, one after another. No-op on PostgreSQL. */
export function answerBackupRequests(connection: Connection, dataDir: string, clock: () => Date = () => new Date()): void {
  if (connection.kind !== 'pglite') return;
  const dir = join(dataDir, REQUESTS);
  let turn = Promise.resolve();
  const answer = async () => {
    let names: string[];
    try {
      names = readdirSync(dir).filter((name) => name.endsWith('.json'));
    } catch {
      return;
    }
    for (const name of names) {
      const id = name.slice(0, -'.json'.length);
      try {
        const { dir: backupDir } = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { dir: string };
        unlinkSync(join(dir, name));
        const file = await writeBackup({ db: connection.db, databaseUrl: null, dir: backupDir, now: clock() });
        writeReply(dir, id, { file });
      } catch (error) {
        writeReply(dir, id, { error: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  process.on(SIGNAL, () => {
    turn = turn.then(answer).catch((error: unknown) => console.error('A backup request failed:', error));
  });
}

/**
 * The command's side: asks process `pid` (holding DATA_DIR's lock) for a backup into `backupDir` and waits for its
 * reply; returns the backup's path.
 */
export async function requestBackup(dataDir: string, pid: number, backupDir: string, timeoutMs = 10 * 60_000): Promise<string> {
  const dir = join(dataDir, REQUESTS);
  mkdirSync(dir, { recursive: true });
  const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const request = join(dir, `${id}.json`);
  writeFileSync(`${request}.partial`, JSON.stringify({ dir: backupDir }));
  renameSync(`${request}.partial`, request);
  process.kill(pid, SIGNAL);
  const replyFile = join(dir, `${id}.reply`);
  for (let waited = 0; !existsSync(replyFile); waited += POLL_MS) {
    const holder = readLock(dataDir);
    if (waited >= timeoutMs || !holder || holder.pid !== pid || holderState(holder) !== 'alive') {
      try {
        unlinkSync(request);
      } catch {
        /* taken meanwhile */
      }
      throw new BackupRefused(`The server (process ${pid}) holding DATA_DIR ${dataDir} did not write the backup; check its log, or stop it and run npm run db:backup again.`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const reply = JSON.parse(readFileSync(replyFile, 'utf8')) as Reply;
  unlinkSync(replyFile);
  if (!reply.file) throw new BackupRefused(`The server (process ${pid}) could not write the backup: ${reply.error}`);
  return reply.file;
}
