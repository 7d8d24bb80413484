import type { ConsoleParsedRequestOf } from '@contract/console/api';
import type { DiscountCode, DiscountUse } from '@contract/console/discount-entities';
import {
  DISCOUNT_CODE_LENGTH,
  discountCodeProblems,
  normalizeDiscountCode,
  usedCodeProblems,
  type DiscountCodeInput,
  type DiscountField,
  type DiscountProblem,
} from '@contract/rules/discount-codes';
import type { DiscountCodeRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate, type MessageKey } from '../../i18n/messages';
import type { DiscountCodeValues, DiscountUseRow } from '../../repositories/discount-codes-repository';
import { staffWrite } from './commit';
import type { ConsoleHandlers, StaffContext } from './context';

/** The console shows this many codes at most; a search narrows them. */
const LIST_LIMIT = 200;

const toDiscountCode = (row: DiscountCodeRow): DiscountCode => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  max_amount: row.maxAmount,
  min_order: row.minOrder,
  first_order_only: row.firstOrderOnly === 1 ? 1 : 0,
  online_only: row.onlineOnly === 1 ? 1 : 0,
  total_limit: row.totalLimit,
  per_user_limit: row.perUserLimit,
  starts_at: row.startsAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
  disabled: row.disabledAt !== null,
  used_count: row.usedCount,
  created_at: row.createdAt.toISOString(),
});

const toDiscountUse = (row: DiscountUseRow): DiscountUse => ({
  order_id: row.orderId,
  tracking_code: row.trackingCode,
  status: row.status,
  placed_at: row.placedAt?.toISOString() ?? null,
  customer: { name: row.name ?? '', mobile: row.mobile ?? '' },
  discount: typeof row.bill?.discount === 'number' ? row.bill.discount : 0,
});

type CodeRequest = ConsoleParsedRequestOf<'discount_code_add'>;

const inputOf = (request: CodeRequest): DiscountCodeInput => ({
  code_text: request.code_text,
  kind: request.kind,
  value: request.value,
  max_amount: request.max_amount ?? null,
  min_order: request.min_order,
  first_order_only: request.first_order_only === 1 ? 1 : 0,
  online_only: request.online_only === 1 ? 1 : 0,
  total_limit: request.total_limit ?? null,
  per_user_limit: request.per_user_limit ?? null,
  starts_at: request.starts_at ?? null,
  expires_at: request.expires_at ?? null,
});

/** A cap means something for a percent only: an amount's is not kept. */
const valuesOf = (input: DiscountCodeInput): DiscountCodeValues => ({
  code: normalizeDiscountCode(input.code_text),
  kind: input.kind,
  value: input.value,
  maxAmount: input.kind === 'percent' ? input.max_amount : null,
  minOrder: input.min_order,
  firstOrderOnly: input.first_order_only,
  onlineOnly: input.online_only,
  totalLimit: input.total_limit,
  perUserLimit: input.per_user_limit,
  startsAt: input.starts_at === null ? null : new Date(input.starts_at),
  expiresAt: input.expires_at === null ? null : new Date(input.expires_at),
});

/** The server's words for a field's problem (the console words the same problems itself before sending). */
function problemMessage(field: DiscountField, problem: DiscountProblem, input: DiscountCodeInput): MessageKey {
  if (problem === 'end_before_start') return 'discount_end_before_start';
  if (problem === 'not_a_date') return 'discount_date_invalid';
  if (problem === 'per_user_above_total') return 'discount_per_user_above_total';
  switch (field) {
    case 'code_text':
      return 'discount_code_text';
    case 'value':
      return input.kind === 'percent' ? 'discount_percent_range' : 'discount_amount_invalid';
    case 'max_amount':
      return 'discount_cap_invalid';
    case 'min_order':
      return 'discount_min_order_invalid';
    default:
      return 'discount_limit_invalid';
  }
}

/** 400 invalid_input naming the first refused field, in the request's language; nothing is written. */
function checked(context: StaffContext, request: CodeRequest): DiscountCodeInput {
  const input = inputOf(request);
  const [first] = Object.entries(discountCodeProblems(input)) as [DiscountField, DiscountProblem][];
  if (first) {
    const [field, problem] = first;
    const message = translate(context.language, problemMessage(field, problem, input), { min: DISCOUNT_CODE_LENGTH.min, max: DISCOUNT_CODE_LENGTH.max });
    throw new ApiError(400, 'invalid_input', message, undefined, { field });
  }
  return input;
}

const notFound = (context: StaffContext) => new ApiError(404, 'not_found', translate(context.language, 'discount_code_not_found'));
const taken = (context: StaffContext, code: string) => new ApiError(409, 'discount_code_taken', translate(context.language, 'discount_code_taken', { code }), undefined, { field: 'code_text' });

/** The owner's discount codes (`owner: true`, checked by the route); each write is audited in its own transaction. */
export const discountActions: ConsoleHandlers<'discount_codes' | 'discount_code_add' | 'discount_code_update' | 'discount_code_disable' | 'discount_code_uses'> = {
  async discount_codes({ repos }, { search }) {
    const text = search === undefined ? undefined : normalizeDiscountCode(search);
    return (await repos.discountCodes.list(text || undefined, LIST_LIMIT)).map(toDiscountCode);
  },

  async discount_code_add(context, request) {
    const values = valuesOf(checked(context, request));
    const { staff, clock } = context;
    return staffWrite(context, async (tx) => {
      await tx.discountCodes.lockTexts();
      const added = await tx.discountCodes.add(values, clock());
      if (!added) throw taken(context, values.code);
      await tx.staffAudit.record(staff, { action: 'discount.create', subjectType: 'discount_code', subjectId: added.id, detail: { code: added.code } }, clock());
      return toDiscountCode(added);
    });
  },

  async discount_code_update(context, request) {
    const input = checked(context, request);
    const values = valuesOf(input);
    const { staff, clock, language } = context;
    return staffWrite(context, async (tx) => {
      // A rename checks the text free under the shop's lock of code texts, which an add takes too: two at once do
      // not both find it free (the second would hit the unique key, a 500).
      await tx.discountCodes.lockTexts();
      // Under the row lock a checkout's use counted before this reads used_count (final_order holds the same lock).
      const stored = await tx.discountCodes.lock(request.discount_id);
      if (!stored) throw notFound(context);
      const locked = usedCodeProblems({ code: stored.code, kind: stored.kind, used_count: stored.usedCount }, input);
      if (locked.code_text || locked.kind) throw new ApiError(409, 'discount_code_locked', translate(language, 'discount_code_locked'), undefined, { field: locked.code_text ? 'code_text' : 'kind' });
      if (locked.total_limit) {
        throw new ApiError(409, 'discount_code_locked', translate(language, 'discount_limit_below_uses', { uses: stored.usedCount }), undefined, { field: 'total_limit' });
      }
      if (values.code !== stored.code && (await tx.discountCodes.byCode(values.code))) throw taken(context, values.code);
      const updated = await tx.discountCodes.update(stored.id, values);
      await tx.staffAudit.record(staff, { action: 'discount.update', subjectType: 'discount_code', subjectId: stored.id, detail: { code: updated.code, from: toDiscountCode(stored), to: toDiscountCode(updated) } }, clock());
      return toDiscountCode(updated);
    });
  },

  async discount_code_disable(context, { discount_id, disabled }) {
    const { staff, clock } = context;
    return staffWrite(context, async (tx) => {
      const stored = await tx.discountCodes.lock(discount_id);
      if (!stored) throw notFound(context);
      const off = disabled === 1;
      // Turning off an already-off code keeps the moment it was first turned off.
      if (off === (stored.disabledAt !== null)) return toDiscountCode(stored);
      const updated = await tx.discountCodes.update(stored.id, { disabledAt: off ? clock() : null });
      await tx.staffAudit.record(staff, { action: off ? 'discount.disable' : 'discount.enable', subjectType: 'discount_code', subjectId: stored.id, detail: { code: stored.code } }, clock());
      return toDiscountCode(updated);
    });
  },

  async discount_code_uses(context, { discount_id }) {
    const code = await context.repos.discountCodes.read(discount_id);
    if (!code) throw notFound(context);
    return (await context.repos.discountCodes.uses(code.id)).map(toDiscountUse);
  },
};
