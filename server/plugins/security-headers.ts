import fp from 'fastify-plugin';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyReply } from 'fastify';

export type CspDirectives = Record<string, string[]>;

declare module 'fastify' {
  interface FastifyReply {
    /** Replaces directives of this reply's Content-Security-Policy (e.g. a page's nonce or style hash). */
    contentSecurityPolicy(overrides: CspDirectives): FastifyReply;
  }
}

/** Only geolocation (the address map's "my location") is used, and only by our own pages. */
export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/**
 * The origin the map's tiles come from, as a CSP source: `https://{s}.tile.example/{z}/…`
 * gives `https://*.tile.example` (a placeholder may only be the first label).
 */
export function tileSource(template: string | null): string | null {
  if (!template) return null;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) throw new Error(`VITE_MAP_TILE_URL must be an http(s) URL template, got ${template}`);
  const host = match[2].replace(/^\{[^}]*\}\./, '*.');
  if (/[{}]/.test(host)) throw new Error(`VITE_MAP_TILE_URL may only have a placeholder as the first label of its host, got ${template}`);
  return `${match[1].toLowerCase()}://${host.toLowerCase()}`;
}

/**
 * The policy of every reply: our own scripts, styles, fonts and API only; pictures also
 * from data:/blob: (build-inlined, previews) and the map tiles. No inline script or style:
 * a page that has some names it by nonce or hash through reply.contentSecurityPolicy.
 */
export function baseDirectives(mapTileUrl: string | null): CspDirectives {
  const tiles = tileSource(mapTileUrl);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export const serializeCsp = (directives: CspDirectives): string =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/**
 * Security headers on every reply (API, SPA, assets, media, server-rendered pages, 404s):
 * @fastify/helmet with our CSP, X-Frame-Options DENY, nosniff, and
 * Referrer-Policy strict-origin-when-cross-origin — not helmet's no-referrer, under which
 * browsers send `Origin: null` on same-origin POSTs and the CSRF check would refuse them.
 * Registered first, so even a reply refused by an earlier onRequest hook carries them.
 */
export const securityHeadersPlugin = fp<{ mapTileUrl: string | null }>(async (app, { mapTileUrl }) => {
  const directives = baseDirectives(mapTileUrl);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  app.decorateReply('contentSecurityPolicy', function (this: FastifyReply, overrides: CspDirectives) {
    return this.header('content-security-policy', serializeCsp({ ...directives, ...overrides }));
  });
});
