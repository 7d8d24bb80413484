import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteThreadOf } from '../../../server/db/connection';
import { restoreBackup } from '../../../server/services/backups/restore-backup';
import { createTestDatabase } from './test-database';

/** A real `server/main.ts` (or script) run as `node --import tsx`, so the child's pid is the server's own. */
export interface Spawned {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** resolves with the exit code (null when killed by a signal) */
  exited: Promise<number | null>;
  /** resolves once stdout matches `pattern` (or rejects when the process exits first) */
  waitFor: (pattern: RegExp) => Promise<void>;
}

export function spawnTs(script: string, args: string[], env: Record<string, string>): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test', SPA_DIR: join(process.cwd(), 'no-spa'), ...env },
  });
  let stdout = '';
  let stderr = '';
  const watchers: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const watcher of watchers) watcher();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Never left running by a failed test.
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
      for (const watcher of watchers) watcher();
    }),
  );
  const waitFor = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(stdout)) resolve();
        else if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`exited before ${pattern}: ${stderr}`));
      };
      watchers.push(check);
      check();
    });
  return { child, stdout: () => stdout, stderr: () => stderr, exited, waitFor };
}

/** The server on an embedded database in `dataDir`, until it prints its shops. */
export function spawnServer(env: Record<string, string>): Spawned {
  return spawnTs('server/main.ts', [], env);
}

/** The run's seeded database as a backup file, dumped once per file that asks. */
let seededDump: Promise<string> | null = null;

/**
 * Fills `dataDir` with the run's seeded embedded database, as a server's first start would leave it: a spawned
 * server then starts in a few seconds instead of migrating and seeding for half a minute on a busy machine.
 */
export async function seededDataDir(dataDir: string): Promise<void> {
  seededDump ??= (async () => {
    const seeded = await createTestDatabase({ seeded: true });
    try {
      const file = join(mkdtempSync(join(tmpdir(), 'storefront-seeded-')), 'seeded.tar.gz');
      writeFileSync(file, await pgliteThreadOf(seeded.connection.db)!.dumpDataDir());
      process.once('exit', () => rmSync(file, { force: true }));
      return file;
    } finally {
      await seeded.drop();
    }
  })();
  await restoreBackup({ file: await seededDump, databaseUrl: null, dataDir });
}
