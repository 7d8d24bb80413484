import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { DiscountCode, DiscountUse } from '@contract/console/discount-entities';
import { normalizeDigits } from '@contract/digits';
import type { DiscountKind } from '@contract/entities/discount';
import type { Currency } from '@contract/enums';
import { displayAmount, toRial } from '@contract/money';
import { discountCodeProblems, normalizeDiscountCode, type DiscountCodeInput, type DiscountProblems } from '@contract/rules/discount-codes';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';

/**
 * The form as typed: numbers and dates as text (an empty cap, limit or date is none), amounts in the shop's currency
 * (toman for IRT), dates as datetime-local values.
 */
export interface DiscountForm {
  code_text: string;
  kind: DiscountKind;
  value: string;
  max_amount: string;
  min_order: string;
  first_order_only: boolean;
  online_only: boolean;
  total_limit: string;
  per_user_limit: string;
  starts_at: string;
  expires_at: string;
}

export type DiscountFormField = keyof DiscountForm;

/** What discount_code_add sends (discount_code_update adds discount_id). */
export type DiscountCodeRequest = DiscountCodeInput;
export type DiscountCodeUpdate = DiscountCodeInput & { discount_id: number };

export const BLANK_DISCOUNT: DiscountForm = {
  code_text: '',
  kind: 'percent',
  value: '',
  max_amount: '',
  min_order: '',
  first_order_only: false,
  online_only: false,
  total_limit: '',
  per_user_limit: '',
  starts_at: '',
  expires_at: '',
};

const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(normalizeDigits(text).replace(/[,٬\s]/g, '')));
const optionalNumber = (text: string): number | null => (text.trim() === '' ? null : numberOf(text));
const optionalRial = (text: string, currency: Currency): number | null => (text.trim() === '' ? null : toRial(numberOf(text), currency));
/** A datetime-local value (the browser's own time) as an instant; '' is none; anything else stays unreadable for the rule. */
const instantOf = (local: string): string | null => {
  if (local.trim() === '') return null;
  const time = Date.parse(local);
  return Number.isNaN(time) ? local : new Date(time).toISOString();
};
const pad = (value: number) => String(value).padStart(2, '0');
/** An instant as the datetime-local value of the browser's own time. */
export const localOf = (iso: string | null): string => {
  if (iso === null) return '';
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

/** The typed form read as the rule and the server read it (amounts in rial). */
export function discountInputOf(form: DiscountForm, currency: Currency): DiscountCodeInput {
  return {
    code_text: normalizeDiscountCode(form.code_text),
    kind: form.kind,
    value: form.kind === 'percent' ? numberOf(form.value) : toRial(numberOf(form.value), currency),
    max_amount: form.kind === 'percent' ? optionalRial(form.max_amount, currency) : null,
    min_order: optionalRial(form.min_order, currency) ?? 0,
    first_order_only: form.first_order_only ? 1 : 0,
    online_only: form.online_only ? 1 : 0,
    total_limit: optionalNumber(form.total_limit),
    per_user_limit: optionalNumber(form.per_user_limit),
    starts_at: instantOf(form.starts_at),
    expires_at: instantOf(form.expires_at),
  };
}

/** A stored code as the form shows it for editing. */
export const formOf = (code: DiscountCode, currency: Currency): DiscountForm => ({
  code_text: code.code,
  kind: code.kind,
  value: String(code.kind === 'percent' ? code.value : displayAmount(code.value, currency)),
  max_amount: code.max_amount === null ? '' : String(displayAmount(code.max_amount, currency)),
  min_order: code.min_order === 0 ? '' : String(displayAmount(code.min_order, currency)),
  first_order_only: code.first_order_only === 1,
  online_only: code.online_only === 1,
  total_limit: code.total_limit === null ? '' : String(code.total_limit),
  per_user_limit: code.per_user_limit === null ? '' : String(code.per_user_limit),
  starts_at: localOf(code.starts_at),
  expires_at: localOf(code.expires_at),
});

export interface DiscountCodesContext {
  /** the shop's currency: what amounts are typed in */
  currency: Currency;
  codes: DiscountCode[];
  listFailure: ApiFailure | null;
  /** the search as typed; `searched` is the one the list shows */
  search: string;
  searched: string;
  /** the open form (null: closed) and the code it edits (null: a new one) */
  form: DiscountForm | null;
  editing: number | null;
  problems: DiscountProblems;
  /** the server's refusal of the last save or switch, in its words (a code taken, a used code's text) */
  refusal: ApiFailure | null;
  note: { kind: 'added' | 'saved' | 'disabled' | 'enabled'; code: string } | null;
  /** the code whose uses are shown, and them (null while they load) */
  uses: { codeId: number; orders: DiscountUse[] | null; failure: ApiFailure | null } | null;
}

export type DiscountCodesEvent =
  | { type: 'list.retry' }
  | { type: 'search.edit'; value: string }
  | { type: 'search.submit' }
  | { type: 'form.new' }
  | { type: 'form.open'; codeId: number }
  | { type: 'form.edit'; field: DiscountFormField; value: string | boolean }
  | { type: 'form.submit' }
  | { type: 'form.close' }
  | { type: 'code.switch'; codeId: number }
  | { type: 'uses.open'; codeId: number }
  | { type: 'uses.close' };

const knownCode = (context: DiscountCodesContext, codeId: number) => context.codes.find((code) => code.id === codeId);

/**
 * The owner's discount codes: the list (discount_codes, searched on the server), a new code or a change to one
 * (discount_code_add / discount_code_update, refused here by the shared rule before anything is sent), turning one off
 * or on (discount_code_disable), and the orders that used one (discount_code_uses).
 */
export const discountCodesMachine = setup({
  types: {
    context: {} as DiscountCodesContext,
    events: {} as DiscountCodesEvent,
    input: {} as { currency: Currency },
  },
  actors: {
    'load codes': fromPromise<DiscountCode[], { search: string }>(notProvided('load codes')),
    'add code': fromPromise<DiscountCode, DiscountCodeRequest>(notProvided('add code')),
    'update code': fromPromise<DiscountCode, DiscountCodeUpdate>(notProvided('update code')),
    'switch code': fromPromise<DiscountCode, { discount_id: number; disabled: 0 | 1 }>(notProvided('switch code')),
    'load uses': fromPromise<DiscountUse[], { discount_id: number }>(notProvided('load uses')),
  },
  guards: {
    'form is refused': ({ context }) => context.form !== null && Object.keys(discountCodeProblems(discountInputOf(context.form, context.currency))).length > 0,
    'form is open': ({ context }) => context.form !== null,
    'edits a code': ({ context }) => context.form !== null && context.editing !== null,
    'is a code': ({ context, event }) => {
      assertEvent(event, ['form.open', 'code.switch', 'uses.open']);
      return knownCode(context, event.codeId) !== undefined;
    },
    'code was used': ({ context, event }) => {
      assertEvent(event, 'uses.open');
      return (knownCode(context, event.codeId)?.used_count ?? 0) > 0;
    },
  },
  actions: {
    'store codes': assign(({ context }, params: { codes: DiscountCode[] }) => ({ codes: params.codes, listFailure: null, searched: context.search.trim() })),
    'store list failure': assign((_, params: { error: unknown }) => ({ listFailure: asFailure(params.error) })),
    'edit search': assign(({ event }) => {
      assertEvent(event, 'search.edit');
      return { search: event.value };
    }),
    'open new form': assign({ form: { ...BLANK_DISCOUNT }, editing: null, problems: {}, refusal: null, note: null }),
    'open code form': assign(({ context, event }) => {
      assertEvent(event, 'form.open');
      const code = knownCode(context, event.codeId);
      return code ? { form: formOf(code, context.currency), editing: code.id, problems: {}, refusal: null, note: null } : {};
    }),
    'edit form': assign(({ context, event }) => {
      assertEvent(event, 'form.edit');
      if (!context.form) return {};
      return { form: { ...context.form, [event.field]: event.value }, problems: {}, refusal: null };
    }),
    'close form': assign({ form: null, editing: null, problems: {}, refusal: null }),
    'refuse form': assign(({ context }) => ({ problems: context.form ? discountCodeProblems(discountInputOf(context.form, context.currency)) : {}, note: null })),
    'start saving': assign({ refusal: null, note: null }),
    'store saved': assign(({ context }, params: { code: DiscountCode }) => {
      const known = context.codes.some((code) => code.id === params.code.id);
      return {
        codes: known ? context.codes.map((code) => (code.id === params.code.id ? params.code : code)) : [params.code, ...context.codes],
        form: null,
        editing: null,
        note: { kind: known ? ('saved' as const) : ('added' as const), code: params.code.code },
      };
    }),
    'store switched': assign(({ context }, params: { code: DiscountCode }) => ({
      codes: context.codes.map((code) => (code.id === params.code.id ? params.code : code)),
      note: { kind: params.code.disabled ? ('disabled' as const) : ('enabled' as const), code: params.code.code },
    })),
    'store refusal': assign((_, params: { error: unknown }) => ({ refusal: asFailure(params.error) })),
    'start uses': assign(({ event }) => {
      assertEvent(event, 'uses.open');
      return { uses: { codeId: event.codeId, orders: null, failure: null } };
    }),
    'store uses': assign(({ context }, params: { orders: DiscountUse[] }) => ({ uses: context.uses ? { ...context.uses, orders: params.orders } : null })),
    'store uses failure': assign(({ context }, params: { error: unknown }) => ({ uses: context.uses ? { ...context.uses, failure: asFailure(params.error) } : null })),
    'close uses': assign({ uses: null }),
  },
}).createMachine({
  id: 'discountCodes',
  context: ({ input }) => ({ currency: input.currency, codes: [], listFailure: null, search: '', searched: '', form: null, editing: null, problems: {}, refusal: null, note: null, uses: null }),
  initial: 'loading',
  // The search box and the open form are on screen in every state: what is typed is kept whatever runs meanwhile.
  on: {
    'search.edit': { actions: 'edit search' },
    'form.edit': { actions: 'edit form' },
    'uses.close': { actions: 'close uses' },
  },
  states: {
    loading: {
      on: { 'form.close': { actions: 'close form' } },
      invoke: {
        src: 'load codes',
        input: ({ context }) => ({ search: context.search.trim() }),
        onDone: { target: 'shown', actions: { type: 'store codes', params: ({ event }) => ({ codes: event.output }) } },
        onError: { target: 'failed', actions: { type: 'store list failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'list.retry': 'loading', 'form.close': { actions: 'close form' } } },
    shown: {
      on: {
        'search.submit': 'loading',
        'form.new': { actions: 'open new form' },
        'form.open': { guard: 'is a code', actions: 'open code form' },
        'form.close': { actions: 'close form' },
        'form.submit': [
          { guard: 'form is refused', actions: 'refuse form' },
          { guard: 'edits a code', target: 'updating', actions: 'start saving' },
          { guard: 'form is open', target: 'adding', actions: 'start saving' },
        ],
        'code.switch': { guard: 'is a code', target: 'switching', actions: 'start saving' },
        'uses.open': { guard: 'code was used', target: 'loadingUses', actions: 'start uses' },
        'uses.close': { actions: 'close uses' },
      },
    },
    adding: {
      invoke: {
        src: 'add code',
        input: ({ context }) => discountInputOf(context.form ?? BLANK_DISCOUNT, context.currency),
        onDone: { target: 'shown', actions: { type: 'store saved', params: ({ event }) => ({ code: event.output }) } },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    updating: {
      invoke: {
        src: 'update code',
        input: ({ context }) => ({ discount_id: context.editing ?? 0, ...discountInputOf(context.form ?? BLANK_DISCOUNT, context.currency) }),
        onDone: { target: 'shown', actions: { type: 'store saved', params: ({ event }) => ({ code: event.output }) } },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    switching: {
      on: { 'form.close': { actions: 'close form' } },
      invoke: {
        src: 'switch code',
        input: ({ context, event }) => {
          assertEvent(event, 'code.switch');
          return { discount_id: event.codeId, disabled: knownCode(context, event.codeId)?.disabled ? 0 : 1 };
        },
        onDone: { target: 'shown', actions: { type: 'store switched', params: ({ event }) => ({ code: event.output }) } },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadingUses: {
      on: { 'uses.close': { target: 'shown', actions: 'close uses' }, 'form.close': { actions: 'close form' } },
      invoke: {
        src: 'load uses',
        input: ({ context }) => ({ discount_id: context.uses?.codeId ?? 0 }),
        onDone: { target: 'shown', actions: { type: 'store uses', params: ({ event }) => ({ orders: event.output }) } },
        onError: { target: 'shown', actions: { type: 'store uses failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type DiscountCodesSnapshot = SnapshotFrom<typeof discountCodesMachine>;
type Viewed = Pick<DiscountCodesSnapshot, 'matches'>;
export const isSavingDiscount = (snapshot: Viewed): boolean => snapshot.matches('adding') || snapshot.matches('updating') || snapshot.matches('switching');
