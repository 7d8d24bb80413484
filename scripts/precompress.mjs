// Writes x.br (brotli, max quality) and x.gz (gzip -9) beside each text asset of the build, for
// @fastify/static's preCompressed (server/routes/spa.ts). Run after `vite build` (npm run build).
// Images and fonts are already compressed and left alone; a variant that is not smaller is not written.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import console from 'node:console';
import process from 'node:process';

const dir = process.argv[2] ?? 'dist/spa/assets';
const TEXT = /\.(?:js|mjs|css|svg|json|html|txt)$/;

let files = 0;
let before = 0;
let afterBr = 0;
for (const name of readdirSync(dir)) {
  const path = join(dir, name);
  if (!TEXT.test(name) || !statSync(path).isFile()) continue;
  const raw = readFileSync(path);
  const variants = [
    ['.br', brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })],
    ['.gz', gzipSync(raw, { level: 9 })],
  ];
  for (const [extension, compressed] of variants) {
    if (compressed.length < raw.length) writeFileSync(path + extension, compressed);
    else rmSync(path + extension, { force: true });
  }
  files += 1;
  before += raw.length;
  afterBr += Math.min(raw.length, variants[0][1].length);
}
console.log(`precompress: ${files} text assets in ${dir}, ${(before / 1024).toFixed(1)} KiB → ${(afterBr / 1024).toFixed(1)} KiB brotli`);
