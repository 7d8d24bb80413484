// A throwaway PostgreSQL cluster made with the local initdb on a loopback port:
// used by with-postgres.mjs (the server suite) and by the fault tests that stop
// and start their own cluster. As root, the server binaries run as `postgres`.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

/** The kernel's range for outgoing connections' local ports ([32768, 60999] by default on Linux). */
function ephemeralRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 0 && high >= low) return [low, high];
  } catch { /* not Linux */ }
  return [32768, 60999];
}

/**
 * A random port to listen on, below the ephemeral range: a port inside it can be held at that
 * moment by one of the suite's own client connections, and then PostgreSQL cannot bind it (CI
 * failed so on 55366) — also on a restart of the same cluster, while the tests keep connecting.
 */
export function clusterPort(range = ephemeralRange()) {
  const high = Math.min(range[0], 65536) - 1;
  const low = Math.max(1024, high - 8000);
  return low + Math.floor(Math.random() * (high - low + 1));
}

/** initdb + start on a random loopback port; `stop`/`start` control it, `destroy` stops it and removes its files. */
export function createCluster(bin) {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-pg-'));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const as = (args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)]);
  const exec = (args) => execFileSync(...as(args), { stdio: ['ignore', 'ignore', 'inherit'] });
  // start/stop do not block the event loop, so a test's requests keep running meanwhile.
  const execAsync = async (args) => void (await promisify(execFile)(...as(args)));
  let port = clusterPort();
  const data = join(dir, 'data');
  const pgCtl = join(bin, 'pg_ctl');
  const startArgs = () => [pgCtl, '-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start'];
  /** `fast` ends every session with 57P01 admin_shutdown, as a restart of a real server does. */
  const stopArgs = (mode) => [pgCtl, '-D', data, '-w', '-m', mode, 'stop'];
  try {
    exec([join(bin, 'initdb'), '-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    // Another program may still hold the port picked: try a few before giving up, and say why.
    for (let attempt = 1; ; attempt += 1) {
      try {
        exec(startArgs());
        break;
      } catch (error) {
        const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8').trim().split('\n').slice(-5).join('\n') : '';
        if (attempt === 3) throw new Error(`PostgreSQL did not start on port ${port}: ${log || String(error)}`);
        port = clusterPort();
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => execAsync(startArgs()),
    stop: (mode = 'fast') => execAsync(stopArgs(mode)),
    destroy: () => {
      try { exec(stopArgs('immediate')); } catch { /* already down */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
