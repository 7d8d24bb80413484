import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/connection';
import type { ShopRow } from '../db/schema';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { createRepositories, type Repositories } from '../repositories';
import type { ReadCache } from '../repositories/read-cache';

declare module 'fastify' {
  interface FastifyRequest {
    shop: ShopRow;
    repos: Repositories;
  }
}

/**
 * The slug a Host names: `<slug>.localhost[:port]` gives the slug; any other
 * host (bare localhost, 127.0.0.1, a LAN address) gives the default shop.
 */
export function slugFromHost(host: string | undefined, defaultShop: string): string {
  const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const match = /^([a-z0-9-]+)\.localhost$/.exec(hostname);
  return match ? match[1] : defaultShop;
}

/**
 * Resolves request.shop from the Host header (after the body is parsed, so errors use the form's language)
 * through the read cache, whose snapshot also serves request.repos' catalog reads.
 */
export const tenantPlugin = fp<{ db: Database; defaultShop: string; cache: ReadCache }>(async (app, { db, defaultShop, cache }) => {
  app.decorateRequest('shop', null as unknown as ShopRow);
  app.decorateRequest('repos', null as unknown as Repositories);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const slug = slugFromHost(request.headers.host, defaultShop);
    const shop = await cache.shopBySlug(slug);
    if (!shop) {
      const language = requestLanguage(request.body, request.headers['accept-language']);
      throw new ApiError(404, 'shop_not_found', translate(language, 'shop_not_found', { slug }));
    }
    request.shop = shop;
    request.repos = createRepositories(db, shop, cache);
  });
});
