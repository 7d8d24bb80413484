import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyReply } from 'fastify';

export type CspDirectives = Record<string, string[]>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route answers JSON only (an API): its replies carry apiHeaders() instead of a page's */
    jsonApi?: boolean;
  }
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
 * The headers helmet sets for `options`, by lower-case name, computed once. Our policy is the same
 * for every reply (a page's nonce is set through reply.contentSecurityPolicy), and
 * @fastify/helmet would build helmet's middleware anew on every request: about a tenth of the
 * CPU of a cached catalog read.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers of a JSON API reply, which no browser renders as a page: nothing may load from it
 * (`default-src 'none'`), frame it or sniff it as another type, with the referrer and permissions policies
 * of every reply. A page's own headers (opener, origin-agent-cluster, DNS prefetch, IE's download and
 * XSS switches, Flash's cross-domain policies) say nothing about a JSON reply; left out, each API reply's headers are
 * about 340 bytes lighter and Node checks half the headers (OWASP's REST security headers).
 */
export function apiHeaders(page: Readonly<Record<string, string>>): Record<string, string> {
  const kept = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-resource-policy', 'permissions-policy'];
  return {
    'content-security-policy': serializeCsp({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] }),
    ...Object.fromEntries(kept.flatMap((name) => (page[name] === undefined ? [] : [[name, page[name]]]))),
  };
}

/** A page's security headers (the set every reply but the API's carries); app.ts also sends them on a path the router cannot read. */
export function pageHeaders(mapTileUrl: string | null): Record<string, string> {
  return {
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: baseDirectives(mapTileUrl) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/**
 * Security headers on every reply (API, SPA, assets, media, server-rendered pages, 404s):
 * helmet's with our CSP, X-Frame-Options DENY, nosniff, and
 * Referrer-Policy strict-origin-when-cross-origin — not helmet's no-referrer, under which
 * browsers send `Origin: null` on same-origin POSTs and the CSRF check would refuse them —
 * and our Permissions-Policy. Registered first, so even a reply refused by an earlier
 * onRequest hook carries them.
 */
export const securityHeadersPlugin = fp<{ mapTileUrl: string | null }>(async (app, { mapTileUrl }) => {
  const directives = baseDirectives(mapTileUrl);
  const headers = pageHeaders(mapTileUrl);
  const api = apiHeaders(headers);
  // The paths of the routes marked `config.jsonApi`, registered after this plugin: found by the path
  // in the same onRequest hook, so a reply refused before its route's own hooks carries them too.
  const apiPaths = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.config?.jsonApi) return;
    if (/[:*]/.test(route.url)) throw new Error(`a jsonApi route has a fixed path, got ${route.url}`);
    apiPaths.add(route.url);
  });
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const query = url.indexOf('?');
    reply.headers(apiPaths.has(query < 0 ? url : url.slice(0, query)) ? api : headers);
    done();
  });
  app.decorateReply('contentSecurityPolicy', function (this: FastifyReply, overrides: CspDirectives) {
    return this.header('content-security-policy', serializeCsp({ ...directives, ...overrides }));
  });
});
