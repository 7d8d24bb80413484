/**
 * `npm start`: builds the SPA and the console when the build is missing or stale (scripts/build-stamp.mjs), then
 * serves as `npm run serve` does, in this process (signals reach the server's own shutdown).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { currentStamp, writtenStamp } from './build-stamp.mjs';

if (writtenStamp() !== currentStamp()) {
  let vite = true;
  try {
    createRequire(import.meta.url).resolve('vite');
  } catch {
    vite = false;
  }
  if (!vite) {
    console.error('The build (dist/) is missing or older than the sources, and vite is not installed (npm ci --omit=dev): build where the dev dependencies are (npm run build), or serve the build as it is with npm run serve.');
    process.exit(1);
  }
  console.log('The build is missing or older than the sources: building (npm run build).');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
