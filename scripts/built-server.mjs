// The built server as the benches start it (bench-bundle.mjs, bench-lighthouse.mjs): a free port,
// a fresh PGlite folder (so the demo shops are seeded), the kebab shop as the default one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A port nobody listens on now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts `server/main.ts` on `port` with `env` added; `await stop()` ends it and removes its data.
 * `whenReady(isUp)` polls `isUp()` until it is true (up to 2 minutes), failing if the server exits.
 */
export function startBuiltServer({ port, env, name }) {
  const dataDir = mkdtempSync(join(tmpdir(), `storefront-${name}-`));
  // Node itself with tsx's loader, not tsx's wrapper: the server is this child, so stopping it stops the server (the
  // wrapper's SIGTERM once left the server serving after the bench had exited).
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEFAULT_SHOP: 'kebab', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  const exit = new Promise((resolve) => server.once('exit', resolve)).then(() => (exited = true));
  return {
    /** Ends the server (SIGKILL if it has not exited 10 s after SIGTERM), then removes its data. */
    async stop() {
      if (!exited) {
        server.kill('SIGTERM');
        const late = setTimeout(() => server.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(late);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async whenReady(isUp) {
      for (let attempt = 0; ; attempt += 1) {
        if (exited) throw new Error('the server exited before it answered (its error is above)');
        if (await isUp().catch(() => false)) return;
        if (attempt > 600) throw new Error(`the server did not answer on port ${port}`);
        await sleep(200);
      }
    },
  };
}
