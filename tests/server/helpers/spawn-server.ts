import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';

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
