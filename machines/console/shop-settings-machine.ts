import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ShopArea, ShopSettings } from '@contract/console/shop-settings';
import type { Currency, DeliveryMethodValue } from '@contract/enums';
import { displayAmount, toRial } from '@contract/money';
import type { LocalizedDeliveryMethod } from '@contract/rules/delivery-methods';
import { shopDeliveryProblems, type DeliveryTextField, type ShopDeliveryProblems } from '@contract/rules/shop-delivery';
import { shopAreaProblems, type ShopAreaInput, type ShopAreaProblems } from '@contract/rules/shop-area';
import { normalizeDigits } from '@contract/digits';
import { SHOP_FLAGS, SHOP_TEXTS, shopFlagsProblems, type ShopFlag, type ShopFlagsInput, type ShopFlagsProblems, type ShopTextField } from '@contract/rules/shop-flags';
import { shopHoursProblems, tehranMoment, type ShopHoursField, type ShopHoursProblems } from '@contract/rules/shop-hours';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { typedNumber } from './counter-settings-machine';
import { settingsFormStates } from './settings-form';

/** shop_hours_update's payload: the form's texts as typed ('' = none), the switch as 1/0. */
export interface ShopHoursUpdate {
  open: 0 | 1;
  opens_at: string;
  closes_at: string;
  closed_until: string;
}

/** The hours as the form holds them: 'HH:mm' and a datetime field's 'YYYY-MM-DDTHH:mm' (Tehran), '' = none. */
export type HoursForm = Omit<ShopHoursUpdate, 'open'> & { open: boolean };

/** shop_delivery_update's payload: the methods as the server takes them (JSON), the minimum in rial. */
export interface ShopDeliveryUpdate {
  methods: string;
  min_order: number;
}

/** A delivery method as the form holds it: the price as typed in the shop's currency. */
export interface MethodForm extends Record<DeliveryTextField, string> {
  value: DeliveryMethodValue;
  on: boolean;
  price: string;
}
export interface DeliveryForm {
  methods: MethodForm[];
  /** in the shop's currency, as typed */
  min_order: string;
}

/** shop_flags_update's payload: each switch 1/0, each text in fa and en. */
export type ShopFlagsUpdate = ShopFlagsInput;

/** The switches and texts as the form holds them. */
export interface FlagsForm {
  switches: Record<ShopFlag, boolean>;
  texts: Record<ShopTextField, string>;
}

/** shop_area_update's payload: the branches' areas as the server takes them (JSON). */
export interface ShopAreaUpdate {
  areas: string;
}

export type AreaField = 'lat' | 'lng' | 'radius_service';
/** A branch's area as the form holds it: the numbers as typed ('' = none yet). */
export type AreaForm = Omit<ShopArea, AreaField> & Record<AreaField, string>;

/** Which group of settings the owner last saved or failed to save (the screen says so at that group until the next edit). */
export type SettingsGroup = 'hours' | 'delivery' | 'flags' | 'areas';

export interface ShopSettingsContext {
  currency: Currency;
  hours: HoursForm;
  delivery: DeliveryForm;
  flags: FlagsForm;
  areas: AreaForm[];
  problems: { hours: ShopHoursProblems; delivery: ShopDeliveryProblems; flags: ShopFlagsProblems; areas: ShopAreaProblems };
  failure: ApiFailure | null;
  /** the group whose save `failure` is about (null: the load's) */
  failedGroup: SettingsGroup | null;
  saved: SettingsGroup | null;
  /** the saving group's form as its save began: typed into since, the server's answer does not replace it */
  sending: HoursForm | DeliveryForm | FlagsForm | AreaForm[] | null;
  /** the clock the rule reads ("closed until" must be to come); injectable for tests */
  now: () => Date;
}

export type ShopSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'hours.edit'; field: ShopHoursField; value: string }
  | { type: 'hours.open'; on: boolean }
  /** "Open again": the holiday ends now (the field is emptied; the owner still saves) */
  | { type: 'hours.reopen' }
  | { type: 'hours.save' }
  | { type: 'delivery.edit'; value: DeliveryMethodValue; field: DeliveryTextField | 'price'; text: string }
  | { type: 'delivery.switch'; value: DeliveryMethodValue; on: boolean }
  | { type: 'delivery.minimum'; text: string }
  | { type: 'delivery.save' }
  | { type: 'flags.switch'; flag: ShopFlag; on: boolean }
  | { type: 'flags.edit'; field: ShopTextField; text: string }
  | { type: 'flags.save' }
  | { type: 'area.edit'; id: number; field: AreaField; text: string }
  /** a point tapped on the branch's map */
  | { type: 'area.place'; id: number; lat: number; lng: number }
  | { type: 'areas.save' };

export const hoursPayload = (form: HoursForm): ShopHoursUpdate => ({ ...form, open: form.open ? 1 : 0 });

const hoursFormOf = (settings: ShopSettings): HoursForm => ({
  open: settings.hours.open,
  opens_at: settings.hours.opens_at ?? '',
  closes_at: settings.hours.closes_at ?? '',
  closed_until: settings.hours.closed_until ? tehranMoment(new Date(settings.hours.closed_until)) : '',
});

const deliveryFormOf = (settings: ShopSettings, currency: Currency): DeliveryForm => ({
  methods: settings.delivery_methods.map((method) => ({
    value: method.value,
    on: method.status === 1,
    price: String(displayAmount(method.price, currency)),
    text_fa: method.text.fa,
    text_en: method.text.en,
    description_fa: method.description.fa,
    description_en: method.description.en,
  })),
  min_order: String(displayAmount(settings.min_order, currency)),
});

const textFields = SHOP_TEXTS.flatMap((name) => [`${name}_fa`, `${name}_en`] as const);

const flagsFormOf = (settings: ShopSettings): FlagsForm => ({
  switches: Object.fromEntries(SHOP_FLAGS.map((flag) => [flag, settings.flags[flag] === 1])) as Record<ShopFlag, boolean>,
  texts: Object.fromEntries(SHOP_TEXTS.flatMap((name) => [[`${name}_fa`, settings.texts[name]?.fa ?? ''], [`${name}_en`, settings.texts[name]?.en ?? '']])) as Record<ShopTextField, string>,
});

export const flagsPayload = (form: FlagsForm): ShopFlagsUpdate => ({
  ...(Object.fromEntries(SHOP_FLAGS.map((flag) => [flag, form.switches[flag] ? 1 : 0])) as Record<ShopFlag, number>),
  ...(Object.fromEntries(textFields.map((field) => [field, form.texts[field]])) as Record<ShopTextField, string>),
});

const areasFormOf = (settings: ShopSettings): AreaForm[] =>
  (settings.areas ?? []).map((area) => ({
    id: area.id,
    name: area.name,
    name_en: area.name_en,
    lat: area.lat === null ? '' : String(area.lat),
    lng: area.lng === null ? '' : String(area.lng),
    radius_service: String(area.radius_service),
  }));

/** A decimal as typed: Persian or Arabic digits and the Persian decimal sign read; '' is no number. */
const typedDecimal = (text: string): number => {
  const plain = normalizeDigits(text).trim().replace('٫', '.');
  return plain === '' ? Number.NaN : Number(plain);
};

const areasOfForm = (areas: readonly AreaForm[]): ShopAreaInput[] =>
  areas.map((area) => ({ id: area.id, lat: typedDecimal(area.lat), lng: typedDecimal(area.lng), radius_service: typedDecimal(area.radius_service) }));

/** The form's methods as stored (rial prices), for the rule and the payload. */
export const deliveryMethodsOfForm = (form: DeliveryForm, currency: Currency): LocalizedDeliveryMethod[] =>
  form.methods.map((method) => ({
    value: method.value,
    status: method.on ? 1 : 0,
    price: toRial(typedNumber(method.price), currency),
    text: { fa: method.text_fa, en: method.text_en },
    description: { fa: method.description_fa, en: method.description_en },
  }));

const deliveryProblemsOf = (context: Pick<ShopSettingsContext, 'delivery' | 'currency'>) =>
  shopDeliveryProblems({ methods: deliveryMethodsOfForm(context.delivery, context.currency), min_order: toRial(typedNumber(context.delivery.min_order), context.currency) });

export const deliveryPayload = (context: Pick<ShopSettingsContext, 'delivery' | 'currency'>): ShopDeliveryUpdate => ({
  methods: JSON.stringify(deliveryMethodsOfForm(context.delivery, context.currency)),
  min_order: toRial(typedNumber(context.delivery.min_order), context.currency),
});

const editMethod = (form: DeliveryForm, value: DeliveryMethodValue, change: Partial<MethodForm>): DeliveryForm => ({
  ...form,
  methods: form.methods.map((method) => (method.value === value ? { ...method, ...change } : method)),
});

/** The settings the server answered, kept as the forms. */
const storeSettings = { type: 'store settings', params: ({ event }: { event: DoneActorEvent<ShopSettings> }) => ({ settings: event.output }) } as const;
/** A failure, at the group whose save it was (null: the load's). */
const failureAt = <const TGroup extends SettingsGroup | null>(group: TGroup) =>
  ({ type: 'store failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error, group }) }) as const;
/** A group's save: its rule's guard and refusal, its actor and payload; saved, the forms are the answer and the group says so. */
const groupSave = <const TEvent extends string, const TRefused extends string, const TRefuse extends string, const TSrc extends string, TInput>(
  group: SettingsGroup,
  save: { event: TEvent; refused: TRefused; refuse: TRefuse; src: TSrc; input: TInput },
) => ({
  ...save,
  start: { type: 'start save' as const, params: { group } },
  done: [
    { type: 'store saved group' as const, params: ({ event }: { event: DoneActorEvent<ShopSettings> }) => ({ settings: event.output, group }) },
    { type: 'mark saved' as const, params: { group } },
  ] as const,
  failed: failureAt(group),
});
type Args = { context: ShopSettingsContext };

const EMPTY_HOURS: HoursForm = { open: true, opens_at: '', closes_at: '', closed_until: '' };

/**
 * The owner's shop settings (shop_settings, shop_hours_update, shop_delivery_update): loaded into a form per group,
 * each checked by the contract's rule (shopHoursProblems, shopDeliveryProblems) in the save's guard before sending; the server checks the same rule and its
 * refusal is kept in its words.
 */
export const shopSettingsMachine = setup({
  types: {
    context: {} as ShopSettingsContext,
    events: {} as ShopSettingsEvent,
    input: {} as { currency: Currency; now?: () => Date },
  },
  actors: {
    'load settings': fromPromise<ShopSettings, void>(notProvided('load settings')),
    'save hours': fromPromise<ShopSettings, ShopHoursUpdate>(notProvided('save hours')),
    'save delivery': fromPromise<ShopSettings, ShopDeliveryUpdate>(notProvided('save delivery')),
    'save flags': fromPromise<ShopSettings, ShopFlagsUpdate>(notProvided('save flags')),
    'save areas': fromPromise<ShopSettings, ShopAreaUpdate>(notProvided('save areas')),
  },
  guards: {
    'hours are refused': ({ context }) => Object.keys(shopHoursProblems(context.hours, context.now())).length > 0,
    'delivery is refused': ({ context }) => Object.keys(deliveryProblemsOf(context)).length > 0,
    'flags are refused': ({ context }) => Object.keys(shopFlagsProblems(flagsPayload(context.flags))).length > 0,
    'areas are refused': ({ context }) => Object.keys(shopAreaProblems(areasOfForm(context.areas))).length > 0,
  },
  actions: {
    'store settings': assign(({ context }, params: { settings: ShopSettings }) => ({
      hours: hoursFormOf(params.settings),
      delivery: deliveryFormOf(params.settings, context.currency),
      flags: flagsFormOf(params.settings),
      areas: areasFormOf(params.settings),
      failure: null,
      failedGroup: null,
    })),
    // A group's save answers with every group: only the saved one is taken, and only when nothing was typed into it
    // meanwhile; the other groups keep what is typed in them.
    'store saved group': assign(({ context }, params: { settings: ShopSettings; group: SettingsGroup }) => {
      const done = { sending: null, failure: null, failedGroup: null };
      if (context[params.group] !== context.sending) return done;
      switch (params.group) {
        case 'hours':
          return { ...done, hours: hoursFormOf(params.settings) };
        case 'delivery':
          return { ...done, delivery: deliveryFormOf(params.settings, context.currency) };
        case 'flags':
          return { ...done, flags: flagsFormOf(params.settings) };
        case 'areas':
          return { ...done, areas: areasFormOf(params.settings) };
      }
    }),
    'store failure': assign((_, params: { error: unknown; group: SettingsGroup | null }) => ({ failure: asFailure(params.error), failedGroup: params.group, sending: null })),
    'edit hours': assign(({ context, event }) => {
      assertEvent(event, 'hours.edit');
      return { hours: { ...context.hours, [event.field]: event.value }, problems: { ...context.problems, hours: {} }, saved: null, failure: null };
    }),
    'switch open': assign(({ context, event }) => {
      assertEvent(event, 'hours.open');
      return { hours: { ...context.hours, open: event.on }, saved: null, failure: null };
    }),
    'clear holiday': assign(({ context }) => ({ hours: { ...context.hours, closed_until: '' }, problems: { ...context.problems, hours: {} }, saved: null, failure: null })),
    'refuse hours': assign(({ context }) => ({ problems: { ...context.problems, hours: shopHoursProblems(context.hours, context.now()) }, saved: null })),
    'edit delivery': assign(({ context, event }) => {
      assertEvent(event, ['delivery.edit', 'delivery.switch', 'delivery.minimum']);
      const delivery =
        event.type === 'delivery.minimum'
          ? { ...context.delivery, min_order: event.text }
          : editMethod(context.delivery, event.value, event.type === 'delivery.switch' ? { on: event.on } : { [event.field]: event.text });
      return { delivery, problems: { ...context.problems, delivery: {} }, saved: null, failure: null };
    }),
    'refuse delivery': assign(({ context }) => ({ problems: { ...context.problems, delivery: deliveryProblemsOf(context) }, saved: null })),
    'edit flags': assign(({ context, event }) => {
      assertEvent(event, ['flags.switch', 'flags.edit']);
      const flags =
        event.type === 'flags.switch'
          ? { ...context.flags, switches: { ...context.flags.switches, [event.flag]: event.on } }
          : { ...context.flags, texts: { ...context.flags.texts, [event.field]: event.text } };
      return { flags, problems: { ...context.problems, flags: {} }, saved: null, failure: null };
    }),
    'edit area': assign(({ context, event }) => {
      assertEvent(event, ['area.edit', 'area.place']);
      // A tapped point to 6 decimals (about 10 cm), as the fields show it.
      const change = event.type === 'area.edit' ? { [event.field]: event.text } : { lat: String(Number(event.lat.toFixed(6))), lng: String(Number(event.lng.toFixed(6))) };
      const areas = context.areas.map((area) => (area.id === event.id ? { ...area, ...change } : area));
      return { areas, problems: { ...context.problems, areas: {} }, saved: null, failure: null };
    }),
    'refuse areas': assign(({ context }) => ({ problems: { ...context.problems, areas: shopAreaProblems(areasOfForm(context.areas)) }, saved: null })),
    'refuse flags': assign(({ context }) => ({ problems: { ...context.problems, flags: shopFlagsProblems(flagsPayload(context.flags)) }, saved: null })),
    'start save': assign(({ context }, params: { group: SettingsGroup }) => ({ failure: null, saved: null, sending: context[params.group] })),
    'mark saved': assign((_, params: { group: SettingsGroup }) => ({ saved: params.group })),
  },
}).createMachine({
  id: 'shopSettings',
  context: ({ input }) => ({
    currency: input.currency,
    hours: EMPTY_HOURS,
    delivery: { methods: [], min_order: '' },
    flags: flagsFormOf({ flags: {}, texts: {} } as unknown as ShopSettings),
    areas: [],
    problems: { hours: {}, delivery: {}, flags: {}, areas: {} },
    failure: null,
    failedGroup: null,
    saved: null,
    sending: null,
    now: input.now ?? (() => new Date()),
  }),
  initial: 'loading',
  // The forms are typed into while any group saves (the screen shows them all the while); one save runs at a time.
  on: {
    'hours.edit': { actions: 'edit hours' },
    'hours.open': { actions: 'switch open' },
    'hours.reopen': { actions: 'clear holiday' },
    'delivery.edit': { actions: 'edit delivery' },
    'delivery.switch': { actions: 'edit delivery' },
    'delivery.minimum': { actions: 'edit delivery' },
    'flags.switch': { actions: 'edit flags' },
    'flags.edit': { actions: 'edit flags' },
    'area.edit': { actions: 'edit area' },
    'area.place': { actions: 'edit area' },
  },
  states: settingsFormStates({
    load: { src: 'load settings', done: storeSettings, failed: failureAt(null) },
    retry: 'settings.retry',
    edits: {},
    saves: {
      savingHours: groupSave('hours', { event: 'hours.save', refused: 'hours are refused', refuse: 'refuse hours', src: 'save hours', input: ({ context }: Args) => hoursPayload(context.hours) }),
      savingDelivery: groupSave('delivery', { event: 'delivery.save', refused: 'delivery is refused', refuse: 'refuse delivery', src: 'save delivery', input: ({ context }: Args) => deliveryPayload(context) }),
      savingFlags: groupSave('flags', { event: 'flags.save', refused: 'flags are refused', refuse: 'refuse flags', src: 'save flags', input: ({ context }: Args) => flagsPayload(context.flags) }),
      savingAreas: groupSave('areas', {
        event: 'areas.save',
        refused: 'areas are refused',
        refuse: 'refuse areas',
        src: 'save areas',
        input: ({ context }: Args) => ({ areas: JSON.stringify(areasOfForm(context.areas)) }),
      }),
    },
  }),
});

export type ShopSettingsSnapshot = SnapshotFrom<typeof shopSettingsMachine>;

/** The server's refusal of a group's save that names its field (400 `data.field`): shown at that field; null otherwise. */
export function refusedField(snapshot: Pick<ShopSettingsSnapshot, 'context'>, group: SettingsGroup): { field: string; message: string } | null {
  const { failure, failedGroup } = snapshot.context;
  if (!failure || failedGroup !== group) return null;
  const field = (failure.data as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' ? { field, message: failure.message } : null;
}

/** The holiday as the form holds it is still to come: the screen offers "Open again". */
export const onHoliday = (snapshot: Pick<ShopSettingsSnapshot, 'context'>): boolean => snapshot.context.hours.closed_until.trim() !== '';
