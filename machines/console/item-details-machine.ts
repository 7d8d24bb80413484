import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ConsoleItemDetails } from '@contract/console/item-details-entities';
import { ITEM_DETAILS_MAX, itemDetailsProblems, type DetailDraftProblem, type DetailList, type ItemDetailsDraft } from '@contract/rules/item-details';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { settingsFormStates } from './settings-form';

/** One entry of a list as typed; `hex` is a colour's only. */
export interface DetailEntry {
  name: string;
  name_en: string;
  hex?: string;
}
export type DetailField = keyof DetailEntry;

/** catalog_item_details_save's payload, checked by contract/rules/item-details.ts. */
export type DetailsSave = ItemDetailsDraft & { item_id: number };

export interface ItemDetailsContext {
  itemId: number;
  form: { [L in DetailList]: DetailEntry[] } & { code: string; hidden: boolean };
  /** the form as the server holds it (loaded or last saved): the form differs from it while unsaved */
  base: ItemDetailsContext['form'];
  failure: ApiFailure | null;
  /** the rule's problems of the form, found before sending */
  problems: DetailDraftProblem[];
  /** the server's refusal of the last save, in its words */
  refusal: ApiFailure | null;
  /** the last save went through and nothing was typed since */
  saved: boolean;
}

export type ItemDetailsEvent =
  | { type: 'details.retry' }
  | { type: 'entry.add'; list: DetailList }
  | { type: 'entry.remove'; list: DetailList; index: number }
  | { type: 'entry.edit'; list: DetailList; index: number; field: DetailField; value: string }
  | { type: 'code.edit'; value: string }
  | { type: 'hidden.set'; hidden: boolean }
  | { type: 'details.save' };

const emptyForm = (): ItemDetailsContext['form'] => ({ features: [], colors: [], texture_types: [], packaging_types: [], code: '', hidden: false });

const formOf = (data: ConsoleItemDetails): ItemDetailsContext['form'] => ({
  features: data.features.map((entry) => ({ ...entry })),
  colors: data.colors.map((entry) => ({ ...entry })),
  texture_types: data.texture_types.map((entry) => ({ ...entry })),
  packaging_types: data.packaging_types.map((entry) => ({ ...entry })),
  code: data.code,
  hidden: data.type === 12,
});

const named = (entries: readonly DetailEntry[]) => entries.map((entry) => ({ name: entry.name.trim(), name_en: entry.name_en.trim() }));

/** The form as the server takes it. */
export function detailsPayload(context: Pick<ItemDetailsContext, 'itemId' | 'form'>): DetailsSave {
  const { form } = context;
  return {
    item_id: context.itemId,
    features: named(form.features),
    colors: form.colors.map((entry) => ({ name: entry.name.trim(), name_en: entry.name_en.trim(), hex: (entry.hex ?? '').trim() })),
    code: form.code.trim(),
    texture_types: named(form.texture_types),
    packaging_types: named(form.packaging_types),
    hidden: form.hidden,
  };
}

/** Something typed is not saved yet. */
export const detailsUnsaved = (context: Pick<ItemDetailsContext, 'form' | 'base'>): boolean => JSON.stringify(context.form) !== JSON.stringify(context.base);

/** contract/rules/item-details.ts refuses the form as it is (a save would not be sent). */
export const detailsRefused = (context: Pick<ItemDetailsContext, 'itemId' | 'form'>): boolean => itemDetailsProblems(detailsPayload(context)).length > 0;

/** The form after one edit. */
function edited(form: ItemDetailsContext['form'], event: ItemDetailsEvent): ItemDetailsContext['form'] {
  switch (event.type) {
    case 'entry.add':
      return { ...form, [event.list]: [...form[event.list], event.list === 'colors' ? { name: '', name_en: '', hex: '#000000' } : { name: '', name_en: '' }] };
    case 'entry.remove':
      return { ...form, [event.list]: form[event.list].filter((_, index) => index !== event.index) };
    case 'entry.edit':
      return { ...form, [event.list]: form[event.list].map((entry, index) => (index === event.index ? { ...entry, [event.field]: event.value } : entry)) };
    case 'code.edit':
      return { ...form, code: event.value };
    case 'hidden.set':
      return { ...form, hidden: event.hidden };
    default:
      return form;
  }
}

/**
 * An item's features, colors, labels and type 12 in the console's item editor (issue 32): loads them
 * (catalog_item_details), edits the form, and saves it (catalog_item_details_save) once contract/rules/item-details.ts
 * finds nothing wrong; the server checks the same and its refusal is kept in its words.
 */
export const itemDetailsMachine = setup({
  types: {
    context: {} as ItemDetailsContext,
    events: {} as ItemDetailsEvent,
    input: {} as { itemId: number },
  },
  actors: {
    'load details': fromPromise<ConsoleItemDetails, { item_id: number }>(notProvided('load details')),
    'save details': fromPromise<ConsoleItemDetails, DetailsSave>(notProvided('save details')),
  },
  guards: {
    'details are refused': ({ context }) => detailsRefused(context),
    'an entry can be added': ({ context, event }) => event.type === 'entry.add' && context.form[event.list].length < ITEM_DETAILS_MAX,
  },
  actions: {
    'store details': assign((_, params: { data: ConsoleItemDetails }) => ({ form: formOf(params.data), base: formOf(params.data), failure: null })),
    'edit form': assign(({ context, event }) => ({ form: edited(context.form, event), problems: [], refusal: null, saved: false })),
    'refuse details': assign(({ context }) => ({ problems: itemDetailsProblems(detailsPayload(context)) })),
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'start save': assign({ problems: [], refusal: null, saved: false }),
    'mark saved': assign({ saved: true }),
    'store refusal': assign((_, params: { error: unknown }) => ({ refusal: asFailure(params.error) })),
  },
}).createMachine({
  id: 'itemDetails',
  context: ({ input }) => ({ itemId: input.itemId, form: emptyForm(), base: emptyForm(), failure: null, problems: [], refusal: null, saved: false }),
  initial: 'loading',
  states: settingsFormStates({
    idle: 'shown',
    load: {
      src: 'load details',
      input: ({ context }: { context: ItemDetailsContext }) => ({ item_id: context.itemId }),
      done: { type: 'store details', params: ({ event }: { event: DoneActorEvent<ConsoleItemDetails> }) => ({ data: event.output }) },
      failed: { type: 'store failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
    },
    retry: 'details.retry',
    edits: {
      'entry.add': { guard: 'an entry can be added', actions: 'edit form' },
      'entry.remove': { actions: 'edit form' },
      'entry.edit': { actions: 'edit form' },
      'code.edit': { actions: 'edit form' },
      'hidden.set': { actions: 'edit form' },
    },
    saves: {
      saving: {
        event: 'details.save',
        refused: 'details are refused',
        refuse: 'refuse details',
        start: 'start save',
        src: 'save details',
        input: ({ context }: { context: ItemDetailsContext }) => detailsPayload(context),
        done: [{ type: 'store details', params: ({ event }: { event: DoneActorEvent<ConsoleItemDetails> }) => ({ data: event.output }) }, 'mark saved'],
        failed: { type: 'store refusal', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
      },
    },
  }),
});

export type ItemDetailsSnapshot = SnapshotFrom<typeof itemDetailsMachine>;
