import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { WALLET_TYPES } from '@contract/entities/account';
import { blankAsAbsent, integer, text } from '@contract/fields';
import { walletOf } from '../actions/wallet';
import { ApiError, ok } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { SESSION_COOKIE } from '../http/cookies';
import { sessionUserOf } from '../http/session';
import { describeIssues } from './order';

/** type gift asks the discount bag's balance (spec §7); absent or wallet, the wallet's. */
const request = v.object({ code: text(), user_id: v.optional(integer()), type: blankAsAbsent(v.picklist(WALLET_TYPES)) });

/**
 * POST /wallet/wallet.php, code user_amount_wallet (user_id, type): the
 * logged-in user's balance, of the discount bag with type gift. user_id, when given, must be the user's own id.
 */
export async function walletRoutes(app: FastifyInstance) {
  app.post('/wallet/wallet.php', { config: { jsonApi: true } }, async (req, reply) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const language = requestLanguage(body, req.headers['accept-language']);
    const parsed = v.safeParse(request, body);
    if (!parsed.success) throw new ApiError(400, 'invalid_input', describeIssues(parsed.issues, language));
    if (parsed.output.code !== 'user_amount_wallet') {
      throw new ApiError(400, 'unknown_code', translate(language, 'unknown_code', { code: parsed.output.code.slice(0, 60) }));
    }
    const token = req.cookies[SESSION_COOKIE];
    const user = await sessionUserOf(req);
    if (!user) {
      if (token) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      throw token
        ? new ApiError(401, 'session_invalid', translate(language, 'session_invalid'), -1)
        : new ApiError(401, 'login_required', translate(language, 'login_required'));
    }
    if (parsed.output.user_id !== undefined && parsed.output.user_id !== user.id) {
      throw new ApiError(403, 'forbidden', translate(language, 'wallet_other_user'));
    }
    const type = parsed.output.type;
    const amount = type === 'gift' ? await req.repos.wallet.balance(user.id, 'gift') : (await walletOf(req.repos.wallet, user.id)).balance;
    return ok({ user_id: user.id, amount, type: type ?? null });
  });
}
