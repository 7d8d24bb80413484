import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_STEPS, BOOT_VERSION, LANGUAGE_COOKIE, type BootData } from '@contract/boot';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@contract/enums';
import { itemIdOfPath } from '@contract/item-paths';
import { categoryListOfUrl } from '@contract/rules/category-list';
import { createRepositories } from '../repositories';
import { SESSION_COOKIE } from '../http/cookies';
import { userOfToken } from '../http/session';
import { shopsOfRequest } from '../plugins/tenant';
import { httpContext, runCode, type Caller } from './order';

/**
 * The visitor's language: the `lang` cookie the SPA writes once it knows it,
 * else spec §1's default, Persian. Accept-Language is not asked: most of our
 * customers read Persian on phones set to English, and the SPA offers the switch.
 */
export function bootLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  return (LANGUAGES as readonly string[]).includes(chosen ?? '') ? (chosen as Language) : DEFAULT_LANGUAGE;
}

export type BootDataSource = (request: FastifyRequest, reply: FastifyReply) => Promise<BootData | null>;

/**
 * What the startup would load for this request's visitor, run through the same
 * codes, shop rules and reply checks as the API (routes/order.ts runCode). Steps
 * run in spec §4's order and the block ends at the first refusal (maintenance,
 * login required, …): the SPA calls the API from there and shows what it says.
 * No shop at this host: null (the SPA's get_shop reports it).
 */
export function bootDataSource(app: FastifyInstance): BootDataSource {
  return async (request, reply) => {
    const language = bootLanguage(request);
    // The API's read cache (docs/server.md, "Caching"): shop, slides, folders and banners come from memory.
    const shops = await shopsOfRequest(request);
    if (!shops) return null;
    const { shop, hostShop } = shops;
    const repos = createRepositories(app.db, shop, app.readCache);
    const token = request.cookies[SESSION_COOKIE];
    const user = token ? await userOfToken(request.server.sessionCache, shop, repos, token) : null;
    const caller: Caller = { shop, hostShop, repos, user, stale: Boolean(token) && !user, language, http: httpContext(request, reply) };
    const boot: BootData = { v: BOOT_VERSION, language };
    for (const { step, code } of BOOT_STEPS) {
      if (step === 'conversations' && !user) continue;
      try {
        (boot as unknown as Record<string, unknown>)[step] = await runCode(code, { language }, caller, app);
      } catch {
        // A refusal or a fault: the SPA's own call for this step reports it.
        return boot;
      }
    }
    // A category page's first list or a product page's product, as its screen will ask it (no round trip before its pictures).
    const path = (request.params as { '*'?: string })['*'] ?? '';
    const list = categoryListOfUrl(path, new URL(request.url, 'http://host').searchParams);
    const itemId = itemIdOfPath(path);
    try {
      if (list) boot.list = { request: list, data: (await runCode('get_list_item', list, caller, app)) as NonNullable<BootData['list']>['data'] };
      if (itemId !== null) boot.item = { request: { id: itemId }, data: (await runCode('get_item', { id: itemId }, caller, app)) as NonNullable<BootData['item']>['data'] };
    } catch {
      // An unknown folder or product, or a fault: the screen's own call shows it.
    }
    return boot;
  };
}
