import type { User } from '@contract/entities/user';
import type { UserRow } from '../db/schema';
import type { Handlers } from './context';

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
    data: row.data,
  };
}

export const userActions: Handlers<'get_user_detail'> = {
  async get_user_detail({ user }) {
    return user ? toUser(user) : null;
  },
};
