#!/usr/bin/env node
// Runs a command against PostgreSQL: TEST_DATABASE_URL if given, otherwise a
// throwaway cluster made with the local initdb on a loopback port.
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: with-postgres.mjs <command…>');
  process.exit(2);
}

function run(env) {
  const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

if (process.env.TEST_DATABASE_URL) process.exit(run({}));

function findBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

const bin = findBin();
if (!bin) {
  const message = 'PostgreSQL suite not run: no TEST_DATABASE_URL and no initdb (apt-get install postgresql).';
  if (process.env.REQUIRE_POSTGRES) {
    console.error(message);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'storefront-pg-'));
chmodSync(dir, 0o777);
const asRoot = process.getuid?.() === 0;
const as = (args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)]);
const exec = (args) => {
  const [cmd, rest] = as(args);
  execFileSync(cmd, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
};
const port = 55000 + Math.floor(Math.random() * 2000);
const data = join(dir, 'data');
let status = 1;
try {
  exec([join(bin, 'initdb'), '-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  exec([join(bin, 'pg_ctl'), '-D', data, '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  status = run({ TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
} finally {
  try { exec([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']); } catch { /* already down */ }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
