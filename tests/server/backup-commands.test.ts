import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/connection';
import { readLock } from '../../server/db/data-dir-lock';
import { rowsOf } from '../../server/repositories/rows-of';
import { seededDataDir, spawnServer, spawnTs, type Spawned } from './helpers/spawn-server';

const root = mkdtempSync(join(tmpdir(), 'storefront-backup-commands-'));
const running: Spawned[] = [];
afterAll(() => {
  for (const spawned of running) spawned.child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const run = (script: string, args: string[], env: Record<string, string>) => {
  const spawned = spawnTs(script, args, env);
  running.push(spawned);
  return spawned;
};

/** Rows of the tables a shop cannot lose, as a database at `dataDir` holds them. */
async function counts(dataDir: string): Promise<Record<string, number>> {
  const connection = await connect({ url: null, dataDir });
  try {
    const [row] = rowsOf<Record<string, string>>(
      await connection.db.execute(sql`select (select count(*) from shops) as shops, (select count(*) from items) as items, (select count(*) from users) as users`),
    );
    return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
  } finally {
    await connection.close();
  }
}

describe('backup settings', () => {
  it('Scenario: a bad BACKUP_EVERY or BACKUP_KEEP is refused at start naming the variable', () => {
    for (const every of ['6', 'h', '1w', '5m', '-1h', '1.5h']) expect(() => loadConfig({ BACKUP_EVERY: every })).toThrow(/^BACKUP_EVERY must be a duration like 6h or 1d/);
    for (const keep of ['0', 'x', '2.5', '-1']) expect(() => loadConfig({ BACKUP_KEEP: keep })).toThrow(/^BACKUP_KEEP must be a whole number/);
    expect(loadConfig({ BACKUP_EVERY: '6h', BACKUP_KEEP: '3', DATA_DIR: '/srv/shop' }).backup).toEqual({ dir: '/srv/shop/backups', everyMs: 6 * 3_600_000, keep: 3 });
    expect(loadConfig({ DATA_DIR: '/srv/shop', BACKUP_DIR: '/mnt/b' }).backup).toEqual({ dir: '/mnt/b', everyMs: null, keep: 7 });
  });
});

// The embedded database's commands beside a running server; the PostgreSQL run leaves them to the PGlite run.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('db:backup and db:restore beside a running server (PGlite)', { timeout: 240_000 }, () => {
  it('Scenario: db:backup while a server holds DATA_DIR gets the backup from it; db:restore puts it into another folder and refuses the live one', async () => {
    const shop = join(root, 'shop');
    await seededDataDir(shop);
    const before = await counts(shop);
    expect(before.items).toBeGreaterThan(0);

    const server = spawnServer({ DATA_DIR: shop });
    running.push(server);
    await server.waitFor(/^Storefront on PGlite/m);

    const backup = run('scripts/db-backup.ts', [], { DATA_DIR: shop });
    expect(await backup.exited, backup.stderr()).toBe(0);
    const [written] = readdirSync(join(shop, 'backups'));
    expect(written).toMatch(/^storefront-\d{8}-\d{6}Z\.pglite\.tar\.gz$/);
    expect(backup.stdout()).toContain(`Backup written: ${join(shop, 'backups', written)}`);
    // The server wrote it and goes on holding its folder.
    expect(server.child.exitCode).toBeNull();
    expect(readLock(shop)?.pid).toBe(server.child.pid);

    const live = run('scripts/db-restore.ts', [join(shop, 'backups', written)], { DATA_DIR: shop });
    expect(await live.exited).toBe(1);
    expect(live.stderr().trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^DATA_DIR ${shop} already holds a database`))]);

    const copy = join(root, 'copy');
    const restore = run('scripts/db-restore.ts', [join(shop, 'backups', written)], { DATA_DIR: copy });
    expect(await restore.exited, restore.stderr()).toBe(0);
    expect(await counts(copy)).toEqual(before);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
