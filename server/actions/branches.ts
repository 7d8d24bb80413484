import { ApiError } from '../errors';
import { BRANCH_COOKIE, BRANCH_COOKIE_SECONDS } from '../http/cookies';
import { translate } from '../i18n/messages';
import { guestIdOf, GUEST_COOKIE } from '../services/guest-cart';
import { visitorPosition } from '../services/visitor-position';
import type { ActionContext, Handlers } from './context';
import { toBranches, toShop } from './shop';

const refuse = (context: ActionContext, status: number, key: 'branch_not_found' | 'branch_closed' | 'branch_out_of_range' | 'no_branches') =>
  new ApiError(status, key, translate(context.language, key));

/** Empties the visitor's open cart (status 1) at the branch being left (the request's shop); one awaiting an online payment stays. */
async function clearCartBeingLeft(context: ActionContext) {
  const guest = context.http.cookies[GUEST_COOKIE];
  const owner = context.user ? { userId: context.user.id } : guest ? { guestId: guestIdOf(guest) } : null;
  if (owner) await context.repos.carts.emptyOpenCarts(owner);
}

export const branchActions: Handlers<'select_branch'> = {
  async select_branch(context, input) {
    const master = context.hostShop;
    if (master.masterFlag !== 1) throw refuse(context, 409, 'no_branches');
    // At a branch, the request's repositories are the branch's: its master's list is read here.
    const rows = context.shop.id === master.id ? await context.repos.branches.list() : await context.repos.branchesOf(master).list();
    const leaving = context.shop.id === master.id ? null : context.shop;

    if (input.branch_id === 0) {
      if (leaving && input.clear_cart === 1) await clearCartBeingLeft(context);
      context.http.clearCookie(BRANCH_COOKIE);
      return toShop(master, rows, context.language, await visitorPosition(context, input));
    }

    const row = rows.find((branch) => branch.id === input.branch_id);
    if (!row) throw refuse(context, 404, 'branch_not_found');
    if (row.status === 2) throw refuse(context, 409, 'branch_closed');
    const at = await visitorPosition(context, input);
    const [placed] = toBranches([row], at, context.language);
    if (placed.out_of_range) throw refuse(context, 409, 'branch_out_of_range');

    if (leaving && leaving.id !== row.id && input.clear_cart === 1) await clearCartBeingLeft(context);
    context.http.setCookie(BRANCH_COOKIE, String(row.id), { maxAgeSeconds: BRANCH_COOKIE_SECONDS });
    return toShop(row, [], context.language);
  },
};
