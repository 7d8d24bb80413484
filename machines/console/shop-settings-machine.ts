import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ShopSettings } from '@contract/console/shop-settings';
import { shopHoursProblems, tehranMoment, type ShopHoursField, type ShopHoursProblems } from '@contract/rules/shop-hours';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';

/** shop_hours_update's payload: the form's texts as typed ('' = none), the switch as 1/0. */
export interface ShopHoursUpdate {
  open: 0 | 1;
  opens_at: string;
  closes_at: string;
  closed_until: string;
}

/** The hours as the form holds them: 'HH:mm' and a datetime field's 'YYYY-MM-DDTHH:mm' (Tehran), '' = none. */
export type HoursForm = Omit<ShopHoursUpdate, 'open'> & { open: boolean };

/** Which group of settings the owner last saved (the screen says so at that group until the next edit). */
export type SettingsGroup = 'hours';

export interface ShopSettingsContext {
  hours: HoursForm;
  problems: { hours: ShopHoursProblems };
  failure: ApiFailure | null;
  saved: SettingsGroup | null;
  /** the clock the rule reads ("closed until" must be to come); injectable for tests */
  now: () => Date;
}

export type ShopSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'hours.edit'; field: ShopHoursField; value: string }
  | { type: 'hours.open'; on: boolean }
  /** "Open again": the holiday ends now (the field is emptied; the owner still saves) */
  | { type: 'hours.reopen' }
  | { type: 'hours.save' };

export const hoursPayload = (form: HoursForm): ShopHoursUpdate => ({ ...form, open: form.open ? 1 : 0 });

const hoursFormOf = (settings: ShopSettings): HoursForm => ({
  open: settings.hours.open,
  opens_at: settings.hours.opens_at ?? '',
  closes_at: settings.hours.closes_at ?? '',
  closed_until: settings.hours.closed_until ? tehranMoment(new Date(settings.hours.closed_until)) : '',
});

const EMPTY_HOURS: HoursForm = { open: true, opens_at: '', closes_at: '', closed_until: '' };

/**
 * The owner's shop settings (shop_settings, shop_hours_update): loaded into a form per group, each checked by the
 * contract's rule (shopHoursProblems) in the save's guard before sending; the server checks the same rule and its
 * refusal is kept in its words.
 */
export const shopSettingsMachine = setup({
  types: {
    context: {} as ShopSettingsContext,
    events: {} as ShopSettingsEvent,
    input: {} as { now?: () => Date },
  },
  actors: {
    'load settings': fromPromise<ShopSettings, void>(notProvided('load settings')),
    'save hours': fromPromise<ShopSettings, ShopHoursUpdate>(notProvided('save hours')),
  },
  guards: {
    'hours are refused': ({ context }) => Object.keys(shopHoursProblems(context.hours, context.now())).length > 0,
  },
  actions: {
    'store settings': assign((_, params: { settings: ShopSettings }) => ({ hours: hoursFormOf(params.settings), failure: null })),
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'edit hours': assign(({ context, event }) => {
      assertEvent(event, 'hours.edit');
      return { hours: { ...context.hours, [event.field]: event.value }, problems: { hours: {} }, saved: null, failure: null };
    }),
    'switch open': assign(({ context, event }) => {
      assertEvent(event, 'hours.open');
      return { hours: { ...context.hours, open: event.on }, saved: null, failure: null };
    }),
    'clear holiday': assign(({ context }) => ({ hours: { ...context.hours, closed_until: '' }, problems: { hours: {} }, saved: null, failure: null })),
    'refuse hours': assign(({ context }) => ({ problems: { hours: shopHoursProblems(context.hours, context.now()) }, saved: null })),
  },
}).createMachine({
  id: 'shopSettings',
  context: ({ input }) => ({ hours: EMPTY_HOURS, problems: { hours: {} }, failure: null, saved: null, now: input.now ?? (() => new Date()) }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load settings',
        onDone: { target: 'editing', actions: { type: 'store settings', params: ({ event }) => ({ settings: event.output }) } },
        onError: { target: 'failed', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'settings.retry': 'loading' } },
    editing: {
      on: {
        'hours.edit': { actions: 'edit hours' },
        'hours.open': { actions: 'switch open' },
        'hours.reopen': { actions: 'clear holiday' },
        'hours.save': [{ guard: 'hours are refused', actions: 'refuse hours' }, { target: 'savingHours', actions: assign({ failure: null, saved: null }) }],
      },
    },
    savingHours: {
      invoke: {
        src: 'save hours',
        input: ({ context }) => hoursPayload(context.hours),
        onDone: { target: 'editing', actions: [{ type: 'store settings', params: ({ event }) => ({ settings: event.output }) }, assign({ saved: 'hours' as const })] },
        onError: { target: 'editing', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type ShopSettingsSnapshot = SnapshotFrom<typeof shopSettingsMachine>;

/** The holiday as the form holds it is still to come: the screen offers "Open again". */
export const onHoliday = (snapshot: Pick<ShopSettingsSnapshot, 'context'>): boolean => snapshot.context.hours.closed_until.trim() !== '';
