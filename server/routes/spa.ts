import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SPA_BASE } from '@contract/item-paths';
import { CSP_NONCE_PLACEHOLDER } from '@contract/rules/csp';
import { COMPRESSION } from '../plugins/compression';
import { bootLanguage, type BootDataSource } from './boot-data';
import { firstScreenAssets, firstScreenOf, renderIndexHtml } from './index-html';
import { CONSOLE_HTML } from './console-spa';

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The asset types the build precompresses (scripts/precompress.mjs), as sent: `x.js`, `x.js.br`, `x.js.gz`. */
const PRECOMPRESSED = /\.(?:js|mjs|css|svg|json|html|txt)(?:\.br|\.gz)?$/;

/**
 * The SPA under /order/v2/: hashed assets cached immutably, files at the
 * build's top level (favicon …) as they are, every other path index.html
 * (history routing), and / redirected to the base.
 */
export async function spaRoutes(app: FastifyInstance, { spaDir, boot }: { spaDir: string; boot?: BootDataSource }) {
  // What the first screen preloads, read again when a new build replaces index.html.
  let assets = { builtAt: -1, found: firstScreenAssets(spaDir, SPA_BASE) };
  await app.register(fastifyStatic, {
    root: join(spaDir, 'assets'),
    prefix: `${SPA_BASE}assets/`,
    immutable: true,
    maxAge: '365d',
    index: false,
    // x.js.br / x.js.gz beside x.js, picked by Accept-Encoding (brotli first); every such asset
    // varies by Accept-Encoding, the identity reply too, so a cache never mixes them up.
    preCompressed: true,
    setHeaders: (res, path) => {
      if (PRECOMPRESSED.test(path)) res.setHeader('vary', 'accept-encoding');
    },
  });

  app.get('/', (_request, reply) => reply.redirect(SPA_BASE));
  app.get(SPA_BASE.slice(0, -1), (_request, reply) => reply.redirect(SPA_BASE));

  // index.html is compressed whatever its size (it is the first round trip of every visit).
  app.get<{ Params: { '*': string } }>(`${SPA_BASE}*`, { compress: { ...COMPRESSION, threshold: 0 } }, async (request, reply) => {
    const rest = request.params['*'];
    if (/^[\w.-]+\.\w+$/.test(rest) && rest !== 'index.html' && rest !== CONSOLE_HTML && isFile(join(spaDir, rest))) {
      return reply.sendFile(rest, spaDir, { cacheControl: true, maxAge: 0 });
    }
    const indexPath = join(spaDir, 'index.html');
    if (!isFile(indexPath)) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('The app is not built yet: run npm run build');
    }
    // A fresh nonce per load for the build's tags and the styles emotion and goober inject (src/ui/csp-nonce.ts).
    const nonce = randomBytes(16).toString('base64');
    // The visitor's boot data; without it (a fault, no shop at this host) the SPA calls the API as before.
    const data = boot ? await boot(request, reply).catch((error: unknown) => (request.log.warn({ err: error }, 'boot data unavailable'), null)) : null;
    const builtAt = statSync(indexPath).mtimeMs;
    if (assets.builtAt !== builtAt) assets = { builtAt, found: firstScreenAssets(spaDir, SPA_BASE) };
    const template = (await readFile(indexPath, 'utf8')).replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
    const html = renderIndexHtml(template, { nonce, boot: data, language: data?.language ?? bootLanguage(request), assets: assets.found, screen: firstScreenOf(rest, data) });
    return reply
      .contentSecurityPolicy({ 'script-src': ["'self'", `'nonce-${nonce}'`], 'style-src': ["'self'", `'nonce-${nonce}'`] })
      // The page carries this visitor's data (user, cart): never kept by a shared cache, asked again on each visit.
      .header('cache-control', 'private, no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
