/**
 * The build's stamp: a hash of what `npm run build` reads (the SPA's and the console's sources, the shared
 * contract, the build's configuration and plugins, the locked dependencies, and the VITE_* settings it bakes in),
 * written beside the build as dist/build-stamp.json. `npm start` builds again only when it differs
 * (scripts/start.mjs). Contents, not times: a fresh checkout or a copied tree has new mtimes and the same build.
 *
 * `node scripts/build-stamp.mjs write` (the last step of `npm run build`) writes it; `check` exits 1 when it is stale.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const STAMP_FILE = join(root, 'dist', 'build-stamp.json');

/** What the build reads; folders are read whole. */
const INPUTS = [
  'src',
  'contract',
  'machines',
  'index.html',
  'console.html',
  'vite.config.ts',
  'vite.console.config.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/precompress.mjs',
  'scripts/strip-endpoint-summaries.mjs',
  'scripts/mui-theme-without-variables.mjs',
];

function filesOf(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => filesOf(join(path, entry.name)));
}

/** The hash of the build's inputs now. */
export function currentStamp() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesOf(join(root, input)))) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  const baked = Object.keys(process.env)
    .filter((name) => name.startsWith('VITE_'))
    .sort()
    .map((name) => `${name}=${process.env[name]}`);
  hash.update(baked.join('\n'));
  return hash.digest('hex');
}

/** The stamp the last build wrote, or null (no build, or one from before stamps). */
export function writtenStamp() {
  try {
    return JSON.parse(readFileSync(STAMP_FILE, 'utf8')).sources ?? null;
  } catch {
    return null;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'write') {
    writeFileSync(STAMP_FILE, `${JSON.stringify({ sources: currentStamp(), builtAt: new Date().toISOString() })}\n`);
  } else if (command === 'check') {
    const fresh = writtenStamp() === currentStamp();
    console.log(fresh ? 'the build is up to date' : 'the build is missing or stale');
    process.exit(fresh ? 0 : 1);
  } else {
    console.error('usage: node scripts/build-stamp.mjs write|check');
    process.exit(2);
  }
}
