import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, readLock } from '../../server/db/data-dir-lock';
import { seededDataDir, spawnServer, spawnTs, type Spawned } from './helpers/spawn-server';

const root = mkdtempSync(join(tmpdir(), 'storefront-lock-'));
const running: Spawned[] = [];
afterAll(() => {
  for (const spawned of running) spawned.child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const SERVING = /^Storefront on PGlite/m;
const serve = (dataDir: string) => {
  const spawned = spawnServer({ DATA_DIR: dataDir });
  running.push(spawned);
  return spawned;
};
const oneLine = (stderr: string) => {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  return lines[0];
};

/** A lock of a process that was killed -9 while holding it. */
async function deadLock(dataDir: string): Promise<number> {
  mkdirSync(dataDir, { recursive: true });
  const go = join(dataDir, 'go');
  writeFileSync(go, '');
  const holder = spawnTs('tests/server/helpers/lock-racer.ts', [go, dataDir], {});
  await holder.waitFor(/^won/m);
  holder.child.kill('SIGKILL');
  await holder.exited;
  return holder.child.pid!;
}

// The embedded database alone is under test: the PostgreSQL run of the suite leaves these start-ups to the PGlite run.
// Each server starts on a folder of the run's seeded database (seededDataDir): a first start's seeding takes tens of seconds.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('one server per embedded database folder', { timeout: 240_000 }, () => {
  it("Scenario: a second server on the same DATA_DIR refuses in one sentence naming the folder and the first one's pid, and exits 1; once the first is killed -9 the next start takes its lock over, and a clean stop leaves none", async () => {
    const dataDir = join(root, 'shared');
    await seededDataDir(dataDir);
    const first = serve(dataDir);
    await first.waitFor(SERVING);
    const second = serve(dataDir);
    expect(await second.exited).toBe(1);
    const line = oneLine(second.stderr());
    expect(line).toContain(dataDir);
    expect(line).toContain(`process ${first.child.pid}`);
    expect(line).toMatch(/only one server/);
    expect(second.stdout()).not.toMatch(SERVING);
    expect(readLock(dataDir)?.pid).toBe(first.child.pid);
    // Killed -9, the first leaves its lock behind; the next start finds its holder dead and takes it.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(readLock(dataDir)?.pid).toBe(first.child.pid);
    const third = serve(dataDir);
    await third.waitFor(SERVING);
    expect(readLock(dataDir)?.pid).toBe(third.child.pid);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(readLock(dataDir)).toBeNull();
  });

  it('Scenario: six processes taking over a dead lock at once: exactly one wins, the others name it', async () => {
    const dataDir = join(root, 'race');
    const dead = await deadLock(dataDir);
    const go = join(root, 'race-go');
    const racers = Array.from({ length: 6 }, () => spawnTs('tests/server/helpers/lock-racer.ts', [go, dataDir], {}));
    running.push(...racers);
    // Every racer is up and polling before the gate opens.
    await Promise.all(racers.map((racer) => racer.waitFor(/^ready/m)));
    writeFileSync(go, '');
    const outcomes = await Promise.all(racers.map((racer) => Promise.race([racer.waitFor(/^won/m).then(() => 'won'), racer.exited.then(() => 'refused')])));
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    const winner = racers[outcomes.indexOf('won')].child.pid;
    expect(readLock(dataDir)?.pid).toBe(winner);
    expect(winner).not.toBe(dead);
    for (const racer of racers.filter((_, index) => outcomes[index] === 'refused')) expect(racer.stdout()).toContain(`process ${winner}`);
  });

  it('Scenario: a folder PGlite cannot open says to restore the last backup, with the command, never a bare "Aborted()"', async () => {
    const dataDir = join(root, 'damaged');
    await seededDataDir(dataDir);
    writeFileSync(join(dataDir, 'pglite', 'global', 'pg_control'), 'not a control file');
    const server = serve(dataDir);
    expect(await server.exited).toBe(1);
    const line = oneLine(server.stderr());
    expect(line).toContain(join(dataDir, 'pglite'));
    expect(line).toMatch(/cannot be opened/);
    expect(line).toContain('npm run db:restore -- FILE');
    expect(line).toContain(join(dataDir, 'backups'));
    expect(line).not.toMatch(/^Aborted|RuntimeError/);
    // The refused start leaves no lock behind.
    expect(() => readFileSync(join(dataDir, LOCK_FILE))).toThrow();
  });
});
