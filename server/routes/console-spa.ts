import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_BASE } from '@contract/console/rules';
import { CSP_NONCE_PLACEHOLDER } from '@contract/rules/csp';
import { COMPRESSION } from '../plugins/compression';

/** The console's page in the build: a second Vite entry beside index.html (vite.config.ts); its assets share /order/v2/assets/. */
export const CONSOLE_HTML = 'console.html';

/**
 * The operator console's pages under /order/console/: every path is console.html (history routing)
 * with a fresh CSP nonce per load, as the storefront's index.html. It carries no shop or staff data
 * (the console asks staff_me), so it needs no tenant; it is never indexed.
 */
export async function consoleSpaRoutes(app: FastifyInstance, { spaDir }: { spaDir: string }) {
  app.get(CONSOLE_BASE.slice(0, -1), (_request, reply) => reply.redirect(CONSOLE_BASE));
  app.get(`${CONSOLE_BASE}*`, { compress: { ...COMPRESSION, threshold: 0 } }, async (_request, reply) => {
    const path = join(spaDir, CONSOLE_HTML);
    if (!existsSync(path) || !statSync(path).isFile()) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('The console is not built yet: run npm run build');
    }
    const nonce = randomBytes(16).toString('base64');
    const html = (await readFile(path, 'utf8')).replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
    return reply
      .contentSecurityPolicy({ 'script-src': ["'self'", `'nonce-${nonce}'`], 'style-src': ["'self'", `'nonce-${nonce}'`] })
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
