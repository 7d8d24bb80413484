import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ConsoleItemExtras } from '@contract/console/item-extras-entities';
import type { Currency } from '@contract/enums';
import { displayAmount, toRial } from '@contract/money';
import { ITEM_EXTRAS_MAX, ITEM_STEPS_MAX, nextStepId, optionDraftProblems, type ExtraDraft, type OptionDraftProblem, type StepDraft } from '@contract/rules/item-extras';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { settingsFormStates } from './settings-form';
import { typedNumber } from './counter-settings-machine';

/** A step as typed: its counts as text. */
export interface StepForm {
  id: number;
  name: string;
  name_en: string;
  min_count: string;
  max_count: string;
}
/** An extra as typed: its price in the shop's currency (toman for IRT) and its counts as text; no id: a new one. */
export interface ExtraForm {
  id?: number;
  step: number;
  name: string;
  name_en: string;
  price: string;
  min_count: string;
  max_count: string;
}
export type StepField = Exclude<keyof StepForm, 'id'>;
export type ExtraField = Exclude<keyof ExtraForm, 'id' | 'step'>;

/** catalog_item_extras_save's payload (rial), checked by contract/rules/item-extras.ts. */
export interface ExtrasSave {
  item_id: number;
  steps: StepDraft[];
  extras: ExtraDraft[];
}

export interface ItemExtrasContext {
  currency: Currency;
  itemId: number;
  steps: StepForm[];
  extras: ExtraForm[];
  /** the forms as the server holds them (loaded or last saved): they differ from it while unsaved */
  base: Pick<ItemExtrasContext, 'steps' | 'extras'>;
  failure: ApiFailure | null;
  /** the rule's problems of the forms, found before sending */
  problems: OptionDraftProblem[];
  /** the server's refusal of the last save, in its words */
  refusal: ApiFailure | null;
  /** the last save went through and nothing was typed since */
  saved: boolean;
}

export type ItemExtrasEvent =
  | { type: 'extras.retry' }
  | { type: 'step.add' }
  | { type: 'step.remove'; index: number }
  | { type: 'step.edit'; index: number; field: StepField; value: string }
  | { type: 'extra.add' }
  | { type: 'extra.remove'; index: number }
  | { type: 'extra.edit'; index: number; field: ExtraField; value: string }
  | { type: 'extra.step'; index: number; step: number }
  | { type: 'extra.move'; index: number; direction: 'up' | 'down' }
  | { type: 'extras.save' };

const amount = (rial: number, currency: Currency) => String(displayAmount(rial, currency));

/** The forms of what the server holds. */
function formsOf(data: ConsoleItemExtras, currency: Currency): Pick<ItemExtrasContext, 'steps' | 'extras'> {
  return {
    steps: data.steps.map((step) => ({ id: step.id, name: step.name, name_en: step.name_en, min_count: String(step.min_count), max_count: String(step.max_count) })),
    extras: data.extras.map((extra) => ({
      id: extra.id,
      step: extra.step,
      name: extra.name,
      name_en: extra.name_en,
      price: amount(extra.price, currency),
      min_count: String(extra.min_count),
      max_count: String(extra.max_count),
    })),
  };
}

/** The forms as the server takes them. */
export function extrasPayload(context: Pick<ItemExtrasContext, 'itemId' | 'steps' | 'extras' | 'currency'>): ExtrasSave {
  return {
    item_id: context.itemId,
    steps: context.steps.map((step) => ({ id: step.id, name: step.name.trim(), name_en: step.name_en.trim(), min_count: typedNumber(step.min_count), max_count: typedNumber(step.max_count) })),
    extras: context.extras.map((extra) => ({
      ...(extra.id === undefined ? {} : { id: extra.id }),
      step: extra.step,
      name: extra.name.trim(),
      name_en: extra.name_en.trim(),
      price: toRial(typedNumber(extra.price), context.currency),
      min_count: typedNumber(extra.min_count),
      max_count: typedNumber(extra.max_count),
    })),
  };
}

/** Something typed is not saved yet. */
export const extrasUnsaved = (context: Pick<ItemExtrasContext, 'steps' | 'extras' | 'base'>): boolean =>
  JSON.stringify({ steps: context.steps, extras: context.extras }) !== JSON.stringify(context.base);

/** contract/rules/item-extras.ts refuses the forms as they are (a save would not be sent). */
export const extrasRefused = (context: Pick<ItemExtrasContext, 'itemId' | 'steps' | 'extras' | 'currency'>): boolean => optionDraftProblems(extrasPayload(context)).length > 0;

const moved = <T>(list: readonly T[], index: number, direction: 'up' | 'down'): T[] => {
  const to = direction === 'up' ? index - 1 : index + 1;
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
};

/** The forms after one edit. */
function edited(context: ItemExtrasContext, event: ItemExtrasEvent): Pick<ItemExtrasContext, 'steps' | 'extras'> {
  const { steps, extras } = context;
  const at = <T>(list: readonly T[], index: number, change: (entry: T) => T) => list.map((entry, position) => (position === index ? change(entry) : entry));
  switch (event.type) {
    case 'step.add':
      return { steps: [...steps, { id: nextStepId(steps), name: '', name_en: '', min_count: '0', max_count: '1' }], extras };
    case 'step.remove':
      return { steps: steps.filter((_, index) => index !== event.index), extras };
    case 'step.edit':
      return { steps: at(steps, event.index, (step) => ({ ...step, [event.field]: event.value })), extras };
    case 'extra.add':
      return { steps, extras: [...extras, { step: steps[0]?.id ?? 0, name: '', name_en: '', price: '0', min_count: '0', max_count: '1' }] };
    case 'extra.remove':
      return { steps, extras: extras.filter((_, index) => index !== event.index) };
    case 'extra.edit':
      return { steps, extras: at(extras, event.index, (extra) => ({ ...extra, [event.field]: event.value })) };
    case 'extra.step':
      return { steps, extras: at(extras, event.index, (extra) => ({ ...extra, step: event.step })) };
    case 'extra.move':
      return { steps, extras: moved(extras, event.index, event.direction) };
    default:
      return { steps, extras };
  }
}

/**
 * An item's option steps (the shop's) and priced extras in the console's item editor (issue 32): loads them
 * (catalog_item_extras), edits the forms, and saves both in one call (catalog_item_extras_save) once
 * contract/rules/item-extras.ts finds nothing wrong; the server checks the same and its refusal is kept in its words.
 */
export const itemExtrasMachine = setup({
  types: {
    context: {} as ItemExtrasContext,
    events: {} as ItemExtrasEvent,
    input: {} as { currency: Currency; itemId: number },
  },
  actors: {
    'load extras': fromPromise<ConsoleItemExtras, { item_id: number }>(notProvided('load extras')),
    'save extras': fromPromise<ConsoleItemExtras, ExtrasSave>(notProvided('save extras')),
  },
  guards: {
    'options are refused': ({ context }) => extrasRefused(context),
    'a step can be added': ({ context }) => context.steps.length < ITEM_STEPS_MAX,
    // An extra needs a step to go in.
    'an extra can be added': ({ context }) => context.extras.length < ITEM_EXTRAS_MAX && context.steps.length > 0,
    'the extra can move': ({ context, event }) => {
      assertEvent(event, 'extra.move');
      const to = event.direction === 'up' ? event.index - 1 : event.index + 1;
      return event.index >= 0 && event.index < context.extras.length && to >= 0 && to < context.extras.length;
    },
  },
  actions: {
    'store extras': assign(({ context }, params: { data: ConsoleItemExtras }) => ({ ...formsOf(params.data, context.currency), base: formsOf(params.data, context.currency), failure: null })),
    'edit forms': assign(({ context, event }) => ({ ...edited(context, event), problems: [], refusal: null, saved: false })),
    'refuse options': assign(({ context }) => ({ problems: optionDraftProblems(extrasPayload(context)) })),
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'start save': assign({ problems: [], refusal: null, saved: false }),
    'mark saved': assign({ saved: true }),
    'store refusal': assign((_, params: { error: unknown }) => ({ refusal: asFailure(params.error) })),
  },
}).createMachine({
  id: 'itemExtras',
  context: ({ input }) => ({ currency: input.currency, itemId: input.itemId, steps: [], extras: [], base: { steps: [], extras: [] }, failure: null, problems: [], refusal: null, saved: false }),
  initial: 'loading',
  states: settingsFormStates({
    idle: 'shown',
    load: {
      src: 'load extras',
      input: ({ context }: { context: ItemExtrasContext }) => ({ item_id: context.itemId }),
      done: { type: 'store extras', params: ({ event }: { event: DoneActorEvent<ConsoleItemExtras> }) => ({ data: event.output }) },
      failed: { type: 'store failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
    },
    retry: 'extras.retry',
    edits: {
      'step.add': { guard: 'a step can be added', actions: 'edit forms' },
      'step.remove': { actions: 'edit forms' },
      'step.edit': { actions: 'edit forms' },
      'extra.add': { guard: 'an extra can be added', actions: 'edit forms' },
      'extra.remove': { actions: 'edit forms' },
      'extra.edit': { actions: 'edit forms' },
      'extra.step': { actions: 'edit forms' },
      'extra.move': { guard: 'the extra can move', actions: 'edit forms' },
    },
    saves: {
      saving: {
        event: 'extras.save',
        refused: 'options are refused',
        refuse: 'refuse options',
        start: 'start save',
        src: 'save extras',
        input: ({ context }: { context: ItemExtrasContext }) => extrasPayload(context),
        done: [{ type: 'store extras', params: ({ event }: { event: DoneActorEvent<ConsoleItemExtras> }) => ({ data: event.output }) }, 'mark saved'],
        failed: { type: 'store refusal', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
      },
    },
  }),
});

export type ItemExtrasSnapshot = SnapshotFrom<typeof itemExtrasMachine>;
