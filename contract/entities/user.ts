import * as v from 'valibot';

export const UserSchema = v.object({
  id: v.number(),
  name: v.string(),
  mobile: v.string(),
  gender: v.nullable(v.picklist([1, 2])),
  b_year: v.nullable(v.number()),
  b_month: v.nullable(v.number()),
  b_day: v.nullable(v.number()),
  m_year: v.nullable(v.number()),
  m_month: v.nullable(v.number()),
  m_day: v.nullable(v.number()),
  favorites: v.array(v.number()),
  /** -1 denied, 0 pending, 1 approved (access-request shops) */
  access_flag: v.picklist([-1, 0, 1]),
  account_type: v.string(),
  /**
   * get_user_detail at an access-request shop: the account's latest access request (null: none), so the request and
   * denied pages say where it stands and why it was declined; absent from the other codes' answers.
   */
  access_request: v.optional(v.nullable(v.object({ id: v.number(), status: v.picklist(['pending', 'approved', 'rejected']), reason: v.string() }))),
  data: v.object({
    ty_city: v.nullable(v.string()),
    ty_town: v.nullable(v.string()),
    ty_user_type: v.nullable(v.string()),
    /** a consultant's code (spec §6), the one they claimed; null for a person */
    consultant_code: v.nullable(v.string()),
  }),
});
export type User = v.InferOutput<typeof UserSchema>;

/** get_user_detail: null for an anonymous visitor. */
export const UserDetailSchema = v.nullable(UserSchema);
