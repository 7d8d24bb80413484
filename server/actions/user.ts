import type { User } from '@contract/entities/user';
import type { UserRow } from '../db/schema';
import { publishUsersChanged } from '../services/events/topics';
import type { ActionContext, Handlers } from './context';

/**
 * The account or a session of `userId` changed (sign-out, profile, favorites): once committed, every
 * instance stops serving what it kept of the user (http/session-cache.ts). Null: nothing changed.
 */
export function forgetUser(context: Pick<ActionContext, 'events' | 'afterCommit'>, userId: number | null): void {
  if (userId !== null) context.afterCommit(() => publishUsersChanged(context.events, [userId]));
}

/** The contract's User for a row. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    gender: row.gender === 1 || row.gender === 2 ? row.gender : null,
    b_year: row.bYear,
    b_month: row.bMonth,
    b_day: row.bDay,
    m_year: row.mYear,
    m_month: row.mMonth,
    m_day: row.mDay,
    favorites: row.favorites,
    access_flag: row.accessFlag === -1 || row.accessFlag === 1 ? row.accessFlag : 0,
    account_type: row.accountType,
    data: { ty_city: row.data.ty_city ?? null, ty_town: row.data.ty_town ?? null, ty_user_type: row.data.ty_user_type ?? null, consultant_code: row.data.consultant_code ?? null },
  };
}

export const userActions: Handlers<'get_user_detail'> = {
  async get_user_detail({ user, shop, repos }) {
    if (!user) return null;
    // Only an access-request shop asks: its request and denied pages say where the request stands (and a refusal's reason).
    if (shop.accessRequest !== 1) return toUser(user);
    return { ...toUser(user), access_request: await repos.accounts.latestAccessRequest(user.id) };
  },
};
