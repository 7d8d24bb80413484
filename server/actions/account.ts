import { isValidJalaaliDate } from 'jalaali-js';
import { REFERRAL_REWARD_USD } from '@contract/entities/account';
import { TEXT_MAX } from '@contract/rules/limits';
import { accessRequestProblems } from '@contract/rules/access-request';
import { profileProblems } from '@contract/rules/profile';
import { classifiedsProfileProblems, normalizeConsultantCode } from '@contract/rules/consultant';
import { ApiError } from '../errors';
import { translate, type MessageKey } from '../i18n/messages';
import type { Repositories } from '../repositories';
import { tehranJalali } from '../services/tehran-day';
import { staffAudience } from '../services/live';
import type { UserRow } from '../db/schema';
import { accountLoginActions } from './account-login';
import type { ActionContext, Handlers, SignedInContext } from './context';
import { forgetUser, toUser } from './user';
import { walletActions } from './wallet';


type DatePart = number | '' | undefined;
type DateFields = { year: DatePart; month: DatePart; day: DatePart };

/**
 * Jalali date parts: all three absent keeps the stored date, all three empty
 * clears it, all three numbers must be a real Jalali date (not after today);
 * anything in between is invalid.
 */
function dateParts(context: ActionContext, which: 'birth' | 'marriage', parts: DateFields): { year: number | null; month: number | null; day: number | null } | undefined {
  const values = [parts.year, parts.month, parts.day];
  if (values.every((value) => value === undefined)) return undefined;
  if (values.every((value) => value === '' || value === undefined)) return { year: null, month: null, day: null };
  const invalid = () =>
    new ApiError(400, 'invalid_input', translate(context.language, 'date_invalid', { which: translate(context.language, which === 'birth' ? 'date_birth' : 'date_marriage') }));
  if (!values.every((value) => typeof value === 'number')) throw invalid();
  const [year, month, day] = values as number[];
  if (!isValidJalaaliDate(year, month, day) || year < 1300) throw invalid();
  const today = tehranJalali(context.clock());
  const afterToday = year > today.jy || (year === today.jy && (month > today.jm || (month === today.jm && day > today.jd)));
  if (afterToday) throw invalid();
  return { year, month, day };
}

function limitText(context: ActionContext, field: string, value: string | undefined): string | undefined {
  if (value !== undefined && value.length > TEXT_MAX.profileText) {
    throw new ApiError(400, 'invalid_input', translate(context.language, 'text_too_long', { field, max: TEXT_MAX.profileText }));
  }
  return value;
}

/**
 * The publisher kind update_profile asks for, checked: a person (any code they held stays theirs), or a consultant
 * with a code of this shop's root that is not revoked and not someone else's (claimed now). Undefined: the kind is
 * not being changed. Refusals are 400 naming the field, and nothing is written.
 */
async function classifiedsKind(
  context: SignedInContext,
  tx: Repositories,
  input: { ty_user_type?: string; consultant_code?: string },
): Promise<{ ty_user_type: string | null; consultant_code: string | null } | undefined> {
  const refuse = (key: MessageKey, field: string) => new ApiError(400, 'invalid_input', translate(context.language, key), undefined, { field });
  const problems = classifiedsProfileProblems(input);
  if (problems.ty_user_type) throw refuse('classifieds_user_type_invalid', 'ty_user_type');
  if (problems.consultant_code) throw refuse(problems.consultant_code === 'required' ? 'consultant_code_required' : 'consultant_code_invalid', 'consultant_code');
  if (input.ty_user_type === undefined) return undefined;
  if (input.ty_user_type !== 'consultant') return { ty_user_type: input.ty_user_type === '' ? null : input.ty_user_type, consultant_code: null };
  const code = await tx.consultantCodes.lockedByCode(normalizeConsultantCode(input.consultant_code ?? ''));
  if (!code || code.revokedAt !== null) throw refuse('consultant_code_invalid', 'consultant_code');
  if (code.userId !== null && code.userId !== context.user.id) throw refuse('consultant_code_taken', 'consultant_code');
  await tx.consultantCodes.claim(code.id, context.user.id, context.clock());
  return { ty_user_type: 'consultant', consultant_code: code.code };
}

export const accountActions: Handlers<
  | 'login'
  | 'check_verify_code'
  | 'complete_register'
  | 'logout'
  | 'update_profile'
  | 'get_wallet'
  | 'wallet_charge'
  | 'wallet_charge_verify'
  | 'get_invite_data'
  | 'request_access'
> = {
  ...accountLoginActions,
  ...walletActions,

  async update_profile(context, input) {
    const fail = (key: Parameters<typeof translate>[1]) => new ApiError(400, 'invalid_input', translate(context.language, key));
    if (!input.id) throw fail('profile_id_required');
    if (input.id !== String(context.user.id)) throw new ApiError(403, 'forbidden', translate(context.language, 'profile_id_wrong'));
    // Spec §7's second shape: the classifieds profile sends only ty_city, ty_town and ty_user_type, so a customer who
    // never chose a gender can still say where they are and how they publish.
    const classifiedsOnly = input.name === undefined && input.gender === undefined;
    const values: Partial<UserRow> = {};
    if (!classifiedsOnly) {
      // The form's own rule; a refusal names its field, so the form shows it there.
      const problems = profileProblems(input);
      if (problems.name) throw new ApiError(400, 'invalid_input', translate(context.language, 'profile_name_required'), undefined, { field: 'name' });
      if (problems.gender) throw new ApiError(400, 'invalid_input', translate(context.language, 'profile_gender_required'), undefined, { field: 'gender' });
      limitText(context, 'name', input.name);
      const birth = dateParts(context, 'birth', { year: input.b_year, month: input.b_month, day: input.b_day });
      const marriage = dateParts(context, 'marriage', { year: input.m_year, month: input.m_month, day: input.m_day });
      Object.assign(values, { name: input.name, gender: Number(input.gender) });
      if (birth) Object.assign(values, { bYear: birth.year, bMonth: birth.month, bDay: birth.day });
      if (marriage) Object.assign(values, { mYear: marriage.year, mMonth: marriage.month, mDay: marriage.day });
    }
    const classifieds = { ty_city: input.ty_city, ty_town: input.ty_town, ty_user_type: input.ty_user_type };
    for (const [field, value] of Object.entries(classifieds)) limitText(context, field, value);
    const data = { ...context.user.data };
    for (const [field, value] of Object.entries(classifieds) as [keyof typeof classifieds, string | undefined][]) {
      if (value !== undefined) data[field] = value === '' ? null : value;
    }
    const updated = await context.repos.transaction(async (tx) => {
      // A consultant only with a code the shop gave that nobody else holds (spec §6); claimed under the code's row lock.
      const kind = await classifiedsKind(context, tx, input);
      if (kind) Object.assign(data, kind);
      values.data = data;
      return tx.accounts.updateUser(context.user.id, values);
    });
    if (updated.name !== context.user.name) await context.repos.ads.publisherRenamed(updated.id);
    forgetUser(context, updated.id);
    return toUser(updated);
  },

  async get_invite_data(context) {
    const { accounts } = context.repos;
    const code = await accounts.inviteCode(context.user.id);
    const counts = await accounts.referralCounts(context.user.id);
    return {
      code,
      link: `/order/v2/?ref=${code}`,
      reward_usd: REFERRAL_REWARD_USD,
      // The shop's own setting (the console's counter settings), what order-change.ts credits.
      reward_amount: context.shop.referralReward,
      invited_count: counts.invited,
      rewarded_count: counts.rewarded,
    };
  },

  async request_access(context, { message, company }) {
    if (context.shop.accessRequest !== 1) throw new ApiError(400, 'access_not_needed', translate(context.language, 'access_not_needed'));
    // Checked before anything is written: an empty request would promise an answer to nobody knows whom.
    if (accessRequestProblems({ company, message }).company) {
      throw new ApiError(400, 'invalid_input', translate(context.language, 'access_company_required'), undefined, { field: 'company' });
    }
    limitText(context, 'company', company);
    if (message !== undefined && message.length > TEXT_MAX.accessMessage) {
      throw new ApiError(400, 'invalid_input', translate(context.language, 'text_too_long', { field: 'message', max: TEXT_MAX.accessMessage }));
    }
    const { row, notices } = await context.repos.transaction(async (tx) => {
      await tx.accounts.lockKey(`access:${context.user.id}`);
      const pending = await tx.accounts.pendingAccessRequest(context.user.id);
      if (pending) return { row: pending, notices: [] };
      const created = await tx.accounts.createAccessRequest(context.user.id, { message: message ?? '', company: company ?? '' });
      // The shop's console learns it live (its list and count of pending requests).
      return { row: created, notices: await tx.live.append([{ audience: staffAudience(context.shop.id), type: 'access_requested', payload: { request_id: created.id } }]) };
    });
    // A `writes` code: the poll woken must find the request committed.
    context.afterCommit(() => context.live.announce(notices));
    return { id: row.id, status: row.status, created_at: row.createdAt.toISOString() };
  },
};
