/**
 * `npm run check:runtime-deps`: every package the server can load at run time (followed from server/main.ts and
 * scripts/start.mjs through their static and dynamic imports, the tsconfig aliases and `new URL('./x', import.meta.url)`
 * files) is a dependency, not a devDependency: `npm ci --omit=dev` leaves devDependencies out, and `npm run serve`
 * must still start. Type-only imports are left out (they vanish at run time). Exits 1 naming the packages and who imports them.
 */
import { builtinModules } from 'node:module';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = ['server/main.ts', 'scripts/start.mjs'];
const ALIASES = { '@/': 'src/', '@contract/': 'contract/', '@machines/': 'machines/' };
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.mjs', '/index.js'];

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
const builtins = new Set(builtinModules);

/** Specifiers loaded at run time: `import … from`, `export … from`, `import('…')`, side-effect imports, and worker URLs. */
function specifiersOf(text) {
  const found = [];
  // Comments and type-only imports load nothing.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const match of code.matchAll(/(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/g)) {
    if (!match[2]) found.push(match[3]);
  }
  for (const match of code.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]);
  for (const match of code.matchAll(/new URL\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g)) found.push(match[1]);
  return found;
}

function resolveFile(base) {
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  // A folder read whole (the migrations): nothing to follow.
  return null;
}

const packageName = (specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]);

const seen = new Set();
const missing = new Map();
const queue = ENTRIES.map((entry) => join(root, entry));
while (queue.length) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  if (!/\.(ts|tsx|mts|mjs|js)$/.test(file)) continue;
  for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
    const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
    if (specifier.startsWith('.') || alias) {
      const base = alias ? join(root, ALIASES[alias], specifier.slice(alias.length)) : resolve(dirname(file), specifier);
      const target = resolveFile(base.replace(/\.js$/, '')) ?? resolveFile(base);
      if (target) queue.push(target);
      continue;
    }
    if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
    const name = packageName(specifier);
    if (!dependencies.has(name)) missing.set(name, [...(missing.get(name) ?? []), relative(root, file)]);
  }
}

if (missing.size) {
  console.error('Loaded at run time but not in "dependencies" (npm ci --omit=dev leaves them out):');
  for (const [name, files] of missing) console.error(`  ${name}: ${[...new Set(files)].join(', ')}`);
  process.exit(1);
}
console.log(`${seen.size} files followed from ${ENTRIES.join(' and ')}: every package they load is a dependency.`);
