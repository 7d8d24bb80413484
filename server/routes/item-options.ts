import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { integer, text } from '@contract/fields';
import { productOptions } from '../actions/catalog';
import { ApiError, ok } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { describeIssues, sessionUser } from './order';
import { enforceShopRules } from './shop-gate';

const itemOptionsRequest = v.object({ pass: v.optional(text()), item_id: integer() });

/** POST /modules/item_options/item_options.php (pass, item_id): the option list of a product, as get_options. */
export async function itemOptionsRoutes(app: FastifyInstance) {
  app.post('/modules/item_options/item_options.php', { config: { jsonApi: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body !== null && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? request.body : {};
    const language = requestLanguage(body, request.headers['accept-language']);
    // The option list is the catalog, so spec §2's shop rules apply as to get_options.
    const { user, stale } = await sessionUser(request, reply);
    enforceShopRules('catalog', request.shop, user, stale, language);
    const parsed = v.safeParse(itemOptionsRequest, body);
    if (!parsed.success) throw new ApiError(400, 'invalid_input', describeIssues(parsed.issues, language));
    if (parsed.output.pass !== undefined && parsed.output.pass !== request.shop.pass) throw new ApiError(403, 'wrong_pass', translate(language, 'wrong_pass'));
    return ok(await productOptions(request.repos, request.shop, parsed.output.item_id, language));
  });
}
