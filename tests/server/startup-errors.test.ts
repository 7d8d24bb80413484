import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeDataDirError } from '../../server/db/data-dir';

const root = mkdtempSync(join(tmpdir(), 'storefront-startup-'));
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const asRoot = process.getuid?.() === 0;
/** uid/gid of `nobody`: as root, permissions do not stop writes, so the server runs as nobody. */
const NOBODY = 65534;

/** Runs `tsx server/main.ts` until it exits (or 60 s pass) and returns its exit code and output. */
function start(env: Record<string, string>, user?: number): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['server/main.ts'], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '', HOME: root, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test', SPA_DIR: join(root, 'no-spa'), ...env },
      ...(user === undefined ? {} : { uid: user, gid: user }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

// No database is involved, so the PostgreSQL run of the server suite (TEST_DATABASE_URL) leaves
// these seconds-long start-ups to the PGlite run instead of repeating them.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('start-up errors say what is wrong', () => {
  it('Scenario: DATA_DIR lies under a regular file; the server says which path is a file and exits non-zero', async () => {
    const file = join(root, 'not-a-folder');
    writeFileSync(file, 'x');
    const dataDir = join(file, 'data');
    const { code, stderr } = await start({ DATA_DIR: dataDir });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(dataDir);
    expect(lines[0]).toContain(`${file} is a file, not a folder`);
    expect(stderr).not.toMatch(/ErrnoError|ENOENT|at .*\(/);
  });

  it('Scenario: DATA_DIR is read-only; the server says it cannot write there and what to do, and exits non-zero', async () => {
    const dataDir = join(root, 'read-only');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o555);
    const { code, stderr } = await start({ DATA_DIR: dataDir }, asRoot ? NOBODY : undefined);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(dataDir);
    expect(lines[0]).toMatch(/is not writable/);
    expect(lines[0]).toMatch(/DATA_DIR/);
    expect(stderr).not.toMatch(/ErrnoError|ENOENT|at .*\(/);
  });

  it('Scenario: DATABASE_URL names a server nobody listens on; the server says it cannot reach it and exits non-zero', async () => {
    const { code, stderr } = await start({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/storefront' });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('127.0.0.1:1');
    expect(lines[0]).toMatch(/cannot be reached/);
  });

  // A full disk cannot be made here without mounting a tiny filesystem (not allowed in CI's container),
  // so the wording of a full DATA_DIR is checked on the errors Node and PGlite raise for it.
  it('Scenario: a full DATA_DIR (ENOSPC from Node, ErrnoError 51 from PGlite) is described as full', () => {
    const fromNode = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const fromPglite = Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 51 });
    for (const error of [fromNode, fromPglite]) {
      const sentence = describeDataDirError('/srv/data', error);
      expect(sentence).toContain('/srv/data');
      expect(sentence).toMatch(/is full/);
      expect(sentence).toMatch(/free some space/);
    }
    expect(describeDataDirError('/srv/data', Object.assign(new Error('x'), { name: 'ErrnoError', errno: 69 }))).toMatch(/is not writable/);
  });
});
