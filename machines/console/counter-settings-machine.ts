import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { CounterSettings } from '@contract/console/counter-entities';
import { normalizeDigits } from '@contract/digits';
import type { Currency } from '@contract/enums';
import { displayAmount, toRial } from '@contract/money';
import { counterSettingsProblems, noProblems, type CounterSettingsInput, type FormProblems } from '@contract/rules/counter-forms';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { settingsFormStates } from './settings-form';

/** counter_settings_update's payload. */
export interface CounterSettingsUpdate extends CounterSettingsInput {
  order_sms: 0 | 1;
}

/** The form as typed: minutes as a number, the amounts in the shop's currency (toman for IRT). */
export interface SettingsForm {
  payment_wait_minutes: string;
  referral_reward: string;
  staff_wallet_limit: string;
  staff_wallet_day_limit: string;
  order_total_max: string;
  order_sms: boolean;
}
type TextField = Exclude<keyof SettingsForm, 'order_sms'>;

export interface CounterSettingsContext {
  currency: Currency;
  form: SettingsForm;
  problems: FormProblems<keyof CounterSettingsInput>;
  failure: ApiFailure | null;
  /** the server took the last save (the screen says so until the next edit) */
  saved: boolean;
  /** the form as the save on its way began: typed into since, the server's answer does not replace it */
  sent: SettingsForm | null;
}

export type CounterSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'settings.edit'; field: TextField; value: string }
  | { type: 'settings.sms'; on: boolean }
  | { type: 'settings.save' };

/** A number as typed (Persian digits, separators); NaN when blank. */
export const typedNumber = (text: string): number => {
  const plain = normalizeDigits(text).replace(/[,\s٬]/g, '');
  return plain === '' ? Number.NaN : Number(plain);
};

/** The form's values as the server takes them (rial for the amounts). */
export function settingsPayload(context: Pick<CounterSettingsContext, 'form' | 'currency'>): CounterSettingsUpdate {
  return {
    payment_wait_minutes: typedNumber(context.form.payment_wait_minutes),
    referral_reward: toRial(typedNumber(context.form.referral_reward), context.currency),
    staff_wallet_limit: toRial(typedNumber(context.form.staff_wallet_limit), context.currency),
    staff_wallet_day_limit: toRial(typedNumber(context.form.staff_wallet_day_limit), context.currency),
    order_total_max: toRial(typedNumber(context.form.order_total_max), context.currency),
    order_sms: context.form.order_sms ? 1 : 0,
  };
}

const formOf = (settings: CounterSettings, currency: Currency): SettingsForm => ({
  payment_wait_minutes: String(settings.payment_wait_minutes),
  referral_reward: String(displayAmount(settings.referral_reward, currency)),
  staff_wallet_limit: String(displayAmount(settings.staff_wallet_limit, currency)),
  staff_wallet_day_limit: String(displayAmount(settings.staff_wallet_day_limit, currency)),
  order_total_max: String(displayAmount(settings.order_total_max, currency)),
  order_sms: settings.order_sms,
});

const EMPTY_FORM: SettingsForm = {
  payment_wait_minutes: '',
  referral_reward: '',
  staff_wallet_limit: '',
  staff_wallet_day_limit: '',
  order_total_max: '',
  order_sms: false,
};

/**
 * The owner's counter settings (counter_settings, counter_settings_update): loaded into a form, each value checked
 * against its bounds (counterSettingsProblems, contract/rules/counter.ts) by the save's guard before sending; the
 * server checks the same bounds and its refusal is kept in its words.
 */
export const counterSettingsMachine = setup({
  types: {
    context: {} as CounterSettingsContext,
    events: {} as CounterSettingsEvent,
    input: {} as { currency: Currency },
  },
  actors: {
    'load settings': fromPromise<CounterSettings, void>(notProvided('load settings')),
    'save settings': fromPromise<CounterSettings, CounterSettingsUpdate>(notProvided('save settings')),
  },
  guards: {
    'is refused': ({ context }) => !noProblems(counterSettingsProblems(settingsPayload(context))),
  },
  actions: {
    'store settings': assign(({ context }, params: { settings: CounterSettings }) => ({ form: formOf(params.settings, context.currency), failure: null })),
    'store saved': assign(({ context }, params: { settings: CounterSettings }) => ({
      form: context.form === context.sent ? formOf(params.settings, context.currency) : context.form,
      sent: null,
      failure: null,
    })),
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error), sent: null })),
    'edit field': assign(({ context, event }) => {
      assertEvent(event, 'settings.edit');
      return { form: { ...context.form, [event.field]: event.value }, problems: {}, saved: false, failure: null };
    }),
    'switch sms': assign(({ context, event }) => {
      assertEvent(event, 'settings.sms');
      return { form: { ...context.form, order_sms: event.on }, saved: false, failure: null };
    }),
    'refuse form': assign(({ context }) => ({ problems: counterSettingsProblems(settingsPayload(context)), saved: false })),
    'start save': assign(({ context }) => ({ failure: null, saved: false, sent: context.form })),
    'mark saved': assign({ saved: true }),
  },
}).createMachine({
  id: 'counterSettings',
  context: ({ input }) => ({ currency: input.currency, form: EMPTY_FORM, problems: {}, failure: null, saved: false, sent: null }),
  initial: 'loading',
  // The form is typed into while it saves too.
  on: {
    'settings.edit': { actions: 'edit field' },
    'settings.sms': { actions: 'switch sms' },
  },
  states: settingsFormStates({
    load: {
      src: 'load settings',
      done: { type: 'store settings', params: ({ event }: { event: DoneActorEvent<CounterSettings> }) => ({ settings: event.output }) },
      failed: { type: 'store failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
    },
    retry: 'settings.retry',
    edits: {},
    saves: {
      saving: {
        event: 'settings.save',
        refused: 'is refused',
        refuse: 'refuse form',
        start: 'start save',
        src: 'save settings',
        input: ({ context }: { context: CounterSettingsContext }) => settingsPayload(context),
        done: [{ type: 'store saved', params: ({ event }: { event: DoneActorEvent<CounterSettings> }) => ({ settings: event.output }) }, 'mark saved'],
        failed: { type: 'store failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
      },
    },
  }),
});

export type CounterSettingsSnapshot = SnapshotFrom<typeof counterSettingsMachine>;
