import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { ShopRow } from '../db/schema';
import { ApiError } from '../errors';
import { BRANCH_COOKIE } from '../http/cookies';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { createRepositories, type Repositories } from '../repositories';

declare module 'fastify' {
  interface FastifyRequest {
    /** the shop the request is for: the Host's, or at a master shop the branch the visitor chose */
    shop: ShopRow;
    /** the Host's shop (the master when a branch was chosen) */
    hostShop: ShopRow;
    repos: Repositories;
  }
}

/**
 * The slug a Host names: `<slug>.localhost[:port]` gives the slug; any other
 * host (bare localhost, 127.0.0.1, a LAN address) gives the default shop.
 */
export function slugFromHost(host: string | undefined, defaultShop: string): string {
  // Keep-alive connections send one Host again and again: the last one's slug is kept (one entry).
  if (host === lastHost && defaultShop === lastDefault) return lastSlug;
  const slug = slugOf(host, defaultShop);
  lastHost = host;
  lastDefault = defaultShop;
  lastSlug = slug;
  return slug;
}

// null: nothing asked yet (a request's Host is a string or absent)
let lastHost: string | undefined | null = null;
let lastDefault = '';
let lastSlug = '';

function slugOf(host: string | undefined, defaultShop: string): string {
  const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const match = /^([a-z0-9-]+)\.localhost$/.exec(hostname);
  return match ? match[1] : defaultShop;
}

/**
 * The shops a request is for: the Host's, and at a master shop the open branch its `branch` cookie
 * names (select_branch sets it). A closed, removed or foreign branch id falls back to the master,
 * which shows its branch list. Null: no shop at this host.
 */
export async function shopsOfRequest(request: FastifyRequest): Promise<{ hostShop: ShopRow; shop: ShopRow } | null> {
  const { db, readCache: cache, settings } = request.server;
  const { defaultShop } = settings;
  const hostShop = await cache.shopBySlug(slugFromHost(request.headers.host, defaultShop));
  if (!hostShop) return null;
  const chosen = Number(request.cookies?.[BRANCH_COOKIE]);
  if (hostShop.masterFlag !== 1 || !Number.isSafeInteger(chosen) || chosen <= 0) return { hostShop, shop: hostShop };
  const branches = await createRepositories(db, hostShop, cache).branches.list();
  const branch = branches.find((row) => row.id === chosen && row.status === 1);
  return { hostShop, shop: branch ?? hostShop };
}

/**
 * Resolves request.shop from the Host header and the branch cookie (after the body is parsed, so errors
 * use the form's language) through the read cache, whose snapshot also serves request.repos' catalog reads.
 */
export const tenantPlugin = fp(
  async (app) => {
  const { db, readCache: cache } = app;
  const { defaultShop } = app.settings;
  app.decorateRequest('shop', null as unknown as ShopRow);
  app.decorateRequest('hostShop', null as unknown as ShopRow);
  app.decorateRequest('repos', null as unknown as Repositories);
  /** Sets the request's shops; the refusal when the Host names no shop. */
  const settle = (request: FastifyRequest, shops: { hostShop: ShopRow; shop: ShopRow } | null): ApiError | undefined => {
    if (!shops) {
      const language = requestLanguage(request.body, request.headers['accept-language']);
      const slug = slugFromHost(request.headers.host, defaultShop);
      return new ApiError(404, 'shop_not_found', translate(language, 'shop_not_found', { slug }));
    }
    request.shop = shops.shop;
    request.hostShop = shops.hostShop;
    request.repos = createRepositories(db, shops.shop, cache);
  };
  // A callback hook: a kept shop without a branch to choose (nearly every request) is settled without a promise.
  app.addHook('preHandler', (request, _reply, done) => {
    const kept = cache.keptShop(slugFromHost(request.headers.host, defaultShop));
    if (kept && kept.masterFlag !== 1) {
      return done(settle(request, { hostShop: kept, shop: kept }));
    }
    shopsOfRequest(request).then((shops) => done(settle(request, shops)), done);
  });
},
  { name: 'tenant', dependencies: ['settings', 'read-cache'] },
);
