// A throwaway PostgreSQL cluster made with the local initdb on a loopback port:
// used by with-postgres.mjs (the server suite) and by the fault tests that stop
// and start their own cluster. As root, the server binaries run as `postgres`.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The bin folder of the newest installed PostgreSQL with an initdb, or null. */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

/** What to say when no cluster can be made; REQUIRE_POSTGRES turns it into a failure. */
export const NO_POSTGRES = 'no TEST_DATABASE_URL and no initdb (apt-get install postgresql)';

/** initdb + start on a random loopback port; `stop`/`start` control it, `destroy` stops it and removes its files. */
export function createCluster(bin) {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const as = (args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)]);
  const exec = (args) => execFileSync(...as(args), { stdio: ['ignore', 'ignore', 'inherit'] });
  // start/stop do not block the event loop, so a test's requests keep running meanwhile.
  const execAsync = async (args) => void (await promisify(execFile)(...as(args)));
  const port = 55000 + Math.floor(Math.random() * 2000);
  const data = join(dir, 'data');
  const pgCtl = join(bin, 'pg_ctl');
  const startArgs = [pgCtl, '-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start'];
  /** `fast` ends every session with 57P01 admin_shutdown, as a restart of a real server does. */
  const stopArgs = (mode) => [pgCtl, '-D', data, '-w', '-m', mode, 'stop'];
  try {
    exec([join(bin, 'initdb'), '-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    exec(startArgs);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => execAsync(startArgs),
    stop: (mode = 'fast') => execAsync(stopArgs(mode)),
    destroy: () => {
      try { exec(stopArgs('immediate')); } catch { /* already down */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
