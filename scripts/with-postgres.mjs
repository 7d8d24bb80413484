#!/usr/bin/env node
// Runs a command against PostgreSQL: TEST_DATABASE_URL if given, otherwise a
// throwaway cluster made with the local initdb on a loopback port.
import { spawnSync } from 'node:child_process';
import { createCluster, findPostgresBin, NO_POSTGRES } from './postgres-cluster.mjs';

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

const bin = findPostgresBin();
if (!bin) {
  const message = `PostgreSQL suite not run: ${NO_POSTGRES}.`;
  if (process.env.REQUIRE_POSTGRES) {
    console.error(message);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}

const cluster = createCluster(bin);
let status = 1;
try {
  status = run({ TEST_DATABASE_URL: cluster.url });
} finally {
  cluster.destroy();
}
process.exit(status);
