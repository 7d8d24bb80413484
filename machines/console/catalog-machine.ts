import { assertEvent, assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { ConsoleCatalog, ConsoleFolder, ConsoleItem } from '@contract/console/catalog-entities';
import { normalizeDigits } from '@contract/digits';
import type { Currency } from '@contract/enums';
import { displayAmount, toRial } from '@contract/money';
import { CATALOG_SIZES_MAX, folderDraftProblems, itemDraftProblems, type DraftProblem, type ItemDraft } from '@contract/rules/catalog-edit';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { detailsRefused, detailsUnsaved, itemDetailsMachine } from './item-details-machine';
import { extrasRefused, extrasUnsaved, itemExtrasMachine } from './item-extras-machine';
import { sectionSave } from './section-save';

/** The item editor as typed: amounts in the shop's currency (toman for IRT), numbers as text. */
export interface ItemForm {
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  unit: string;
  unit_step: string;
  price: string;
  folder_id: number;
  sizes: { name: string; name_en: string; price: string }[];
}
export type ItemTextField = Exclude<keyof ItemForm, 'folder_id' | 'sizes'>;
export type SizeField = keyof ItemForm['sizes'][number];

/** catalog_item_save's payload: an item (item_id) or a new one. */
export type ItemSave = ItemDraft & { item_id?: number };
/** catalog_folder_save's payload. */
export interface FolderSave {
  folder_id?: number;
  name: string;
  name_en: string;
  parent_id: number;
  /** #rrggbb, '' none; absent keeps it */
  bg_color?: string;
}
export interface FolderMove {
  folder_id: number;
  direction: 'up' | 'down';
}

export interface CatalogContext {
  currency: Currency;
  catalog: ConsoleCatalog | null;
  failure: ApiFailure | null;
  /** the item whose stock switch is on its way */
  switching: number | null;
  /** the open editor (null: none) */
  editor: ItemEditor | null;
  /** the editor's or the folder form's refused fields (the rule, before sending; or the server's field) */
  problems: DraftProblem[];
  /** the server's refusal of the last write, in its words */
  refusal: ApiFailure | null;
  /** the name of what the last write saved, for the screen's note */
  saved: string | null;
  /** the folder whose editor is open (folder-editor-machine.ts edits it) */
  folderOpen: number | null;
}

/**
 * The item editor: one dialog, one save. A saved item's details and its option steps are charts of their own
 * (item-details-machine.ts, item-extras-machine.ts), children of this one; the dialog's save sends what changed of the
 * item, then of each section, and closes once all of it went through.
 */
export interface ItemEditor {
  /** the item it edits (null: a new one) */
  itemId: number | null;
  form: ItemForm;
  /** the form as the server holds it (as opened, or as last saved): the form differs from it while unsaved */
  opened: ItemForm;
  details: ActorRefFrom<typeof itemDetailsMachine> | null;
  extras: ActorRefFrom<typeof itemExtrasMachine> | null;
  /** the section whose save the server refused, after the rest went through (the section shows the refusal) */
  notSaved: 'details' | 'extras' | null;
}

export type CatalogEvent =
  | { type: 'catalog.retry' }
  | { type: 'stock.switch'; itemId: number; inStock: boolean }
  | { type: 'item.open'; itemId: number | null; folderId?: number }
  | { type: 'item.edit'; field: ItemTextField; value: string }
  | { type: 'item.folder'; folderId: number }
  | { type: 'size.add' }
  | { type: 'size.remove'; index: number }
  | { type: 'size.edit'; index: number; field: SizeField; value: string }
  | { type: 'item.save' }
  /** close the editor: at once when nothing is unsaved, else after asking (discard.confirm / discard.cancel) */
  | { type: 'item.close' }
  | { type: 'discard.confirm' }
  | { type: 'discard.cancel' }
  /** an item changed elsewhere (its pictures, item-pictures-machine.ts): the list shows it as answered */
  | { type: 'item.stored'; item: ConsoleItem }
  | ({ type: 'folder.save' } & FolderSave)
  | { type: 'folder.open'; folderId: number }
  | { type: 'folder.close' }
  /** a folder saved by its editor (folder-editor-machine.ts): the list shows it as answered */
  | { type: 'folder.stored'; folder: ConsoleFolder }
  | ({ type: 'folder.move' } & FolderMove);

/** A typed amount as its digits: «۹٬۰۰۰» and "9000" are one amount. */
const plainAmount = (text: string) => normalizeDigits(text).replace(/[,\s٬]/g, '');

const typedNumber = (text: string): number => {
  const plain = plainAmount(text);
  return plain === '' ? Number.NaN : Number(plain);
};

/** The editor's form as the server takes it (rial), checked by contract/rules/catalog-edit.ts. */
export function itemPayload(context: Pick<CatalogContext, 'editor' | 'currency'>): ItemSave {
  const form = context.editor?.form ?? formOf(null, 0, context.currency);
  const rial = (text: string) => toRial(typedNumber(text), context.currency);
  return {
    ...(context.editor?.itemId ? { item_id: context.editor.itemId } : {}),
    name: form.name.trim(),
    name_en: form.name_en.trim(),
    description: form.description,
    description_en: form.description_en,
    unit: form.unit,
    unit_step: typedNumber(form.unit_step),
    price: rial(form.price),
    folder_id: form.folder_id,
    sizes: form.sizes.map((size) => ({ name: size.name.trim(), name_en: size.name_en.trim(), price: rial(size.price) })),
  };
}

const amount = (rial: number, currency: Currency) => String(displayAmount(rial, currency));

/** An item's form (a new one: blank in `folderId`). */
function formOf(item: ConsoleItem | null, folderId: number, currency: Currency): ItemForm {
  if (!item) return { name: '', name_en: '', description: '', description_en: '', unit: 'number', unit_step: '1', price: '', folder_id: folderId, sizes: [] };
  return {
    name: item.name,
    name_en: item.name_en,
    description: item.description,
    description_en: item.description_en,
    unit: item.unit,
    unit_step: String(item.unit_step),
    price: amount(item.price, currency),
    folder_id: item.folder_id,
    sizes: item.sizes.map((size) => ({ name: size.name, name_en: size.name_en, price: amount(size.price, currency) })),
  };
}

const withItem = (catalog: ConsoleCatalog, item: ConsoleItem): ConsoleCatalog => ({
  ...catalog,
  items: catalog.items.some((entry) => entry.id === item.id) ? catalog.items.map((entry) => (entry.id === item.id ? item : entry)) : [...catalog.items, item],
});
const withFolders = (catalog: ConsoleCatalog, folders: readonly ConsoleFolder[]): ConsoleCatalog => {
  const changed = new Map(folders.map((folder) => [folder.id, folder]));
  const kept = catalog.folders.map((folder) => changed.get(folder.id) ?? folder);
  const added = folders.filter((folder) => !catalog.folders.some((entry) => entry.id === folder.id));
  return { ...catalog, folders: [...kept, ...added].sort((a, b) => a.sort - b.sort || a.id - b.id) };
};

/** What of a form the server would take differently: names trimmed, amounts as their digits. */
const comparable = (form: ItemForm) =>
  JSON.stringify({
    ...form,
    name: form.name.trim(),
    name_en: form.name_en.trim(),
    unit_step: plainAmount(form.unit_step),
    price: plainAmount(form.price),
    sizes: form.sizes.map((size) => ({ name: size.name.trim(), name_en: size.name_en.trim(), price: plainAmount(size.price) })),
  });
/** The item's own form differs from what the server holds. */
const itemUnsaved = (editor: ItemEditor | null): boolean => editor !== null && comparable(editor.form) !== comparable(editor.opened);
const detailsPending = (editor: ItemEditor | null): boolean => !!editor?.details && detailsUnsaved(editor.details.getSnapshot().context);
const extrasPending = (editor: ItemEditor | null): boolean => !!editor?.extras && extrasUnsaved(editor.extras.getSnapshot().context);

/** The editor's unsaved sections that their own rule refuses, each with the save that makes it show the rule's problems. */
function refusedSections(editor: ItemEditor | null): { ref: AnyActorRef; save: { type: 'details.save' } | { type: 'extras.save' } }[] {
  const refused: { ref: AnyActorRef; save: { type: 'details.save' } | { type: 'extras.save' } }[] = [];
  if (editor?.details && detailsPending(editor) && detailsRefused(editor.details.getSnapshot().context)) refused.push({ ref: editor.details, save: { type: 'details.save' } });
  if (editor?.extras && extrasPending(editor) && extrasRefused(editor.extras.getSnapshot().context)) refused.push({ ref: editor.extras, save: { type: 'extras.save' } });
  return refused;
}

/** The field the server's refusal names (its words are the refusal's message), or null. */
export const refusedField = (context: Pick<CatalogContext, 'refusal'>): string | null => {
  const field = (context.refusal?.data as { field?: unknown } | null | undefined)?.field;
  return typeof field === 'string' ? field : null;
};

/**
 * The console's catalog screen (issue 32): every folder and item (catalog), the counter's one-tap stock switch
 * (catalog_stock), and the owner's item editor and folders (catalog_item_save, catalog_folder_save,
 * catalog_folder_move); which folder's editor is open (folder-editor-machine.ts writes it and tells `folder.stored`).
 * contract/rules/catalog-edit.ts checks a form before it is sent; the server checks the same and its refusal is kept
 * in its words.
 */
export const catalogMachine = setup({
  types: {
    context: {} as CatalogContext,
    events: {} as CatalogEvent,
    input: {} as { currency: Currency },
  },
  actors: {
    'load catalog': fromPromise<ConsoleCatalog, void>(notProvided('load catalog')),
    'switch stock': fromPromise<ConsoleItem, { item_id: number; in_stock: 0 | 1 }>(notProvided('switch stock')),
    'save item': fromPromise<ConsoleItem, ItemSave>(notProvided('save item')),
    'item details': itemDetailsMachine,
    'item extras': itemExtrasMachine,
    'section save': sectionSave,
    'save folder': fromPromise<ConsoleFolder, FolderSave>(notProvided('save folder')),
    'move folder': fromPromise<ConsoleFolder[], FolderMove>(notProvided('move folder')),
  },
  guards: {
    'is an item switched the other way': ({ context, event }) => {
      assertEvent(event, 'stock.switch');
      return context.catalog?.items.some((item) => item.id === event.itemId && item.in_stock !== event.inStock) ?? false;
    },
    'item is refused': ({ context }) => itemDraftProblems(itemPayload(context)).length > 0,
    'item is unsaved': ({ context }) => itemUnsaved(context.editor),
    'details are unsaved': ({ context }) => detailsPending(context.editor),
    'extras are unsaved': ({ context }) => extrasPending(context.editor),
    'editor is unsaved': ({ context }) => itemUnsaved(context.editor) || detailsPending(context.editor) || extrasPending(context.editor),
    'a section is refused': ({ context }) => refusedSections(context.editor).length > 0,
    'folder is refused': ({ event }) => {
      assertEvent(event, 'folder.save');
      return folderDraftProblems(event).length > 0;
    },
    'is a folder': ({ context, event }) => {
      assertEvent(event, 'folder.open');
      return context.catalog?.folders.some((folder) => folder.id === event.folderId) ?? false;
    },
    'size can be added': ({ context }) => (context.editor?.form.sizes.length ?? CATALOG_SIZES_MAX) < CATALOG_SIZES_MAX,
  },
  actions: {
    'store catalog': assign((_, params: { catalog: ConsoleCatalog }) => ({ catalog: params.catalog, failure: null })),
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'store item': assign(({ context }, params: { item: ConsoleItem }) => ({
      catalog: context.catalog ? withItem(context.catalog, params.item) : context.catalog,
      switching: null,
    })),
    'store refusal': assign((_, params: { error: unknown }) => ({ refusal: asFailure(params.error), switching: null })),
    'open editor': assign(({ context, event, spawn }) => {
      assertEvent(event, 'item.open');
      const item = context.catalog?.items.find((entry) => entry.id === event.itemId) ?? null;
      const form = formOf(item, event.folderId ?? 0, context.currency);
      const editor: ItemEditor = {
        itemId: item?.id ?? null,
        form,
        opened: form,
        details: item ? spawn('item details', { input: { itemId: item.id } }) : null,
        extras: item ? spawn('item extras', { input: { itemId: item.id, currency: context.currency } }) : null,
        notSaved: null,
      };
      return { editor, problems: [], refusal: null, saved: null, folderOpen: null };
    }),
    'edit form': assign(({ context, event }) => {
      if (!context.editor) return {};
      const form = context.editor.form;
      const next =
        event.type === 'item.edit'
          ? { ...form, [event.field]: event.value }
          : event.type === 'item.folder'
            ? { ...form, folder_id: event.folderId }
            : event.type === 'size.add'
              ? { ...form, sizes: [...form.sizes, { name: '', name_en: '', price: '' }] }
              : event.type === 'size.remove'
                ? { ...form, sizes: form.sizes.filter((_, index) => index !== event.index) }
                : event.type === 'size.edit'
                  ? { ...form, sizes: form.sizes.map((size, index) => (index === event.index ? { ...size, [event.field]: event.value } : size)) }
                  : form;
      return { editor: { ...context.editor, form: next }, problems: [], refusal: null };
    }),
    // A section refused by its rule is handed its save, which it refuses itself, showing the rule's problems.
    'show section problems': enqueueActions(({ context, enqueue }) => {
      for (const section of refusedSections(context.editor)) enqueue.sendTo(section.ref, section.save);
    }),
    'store saved item': assign(({ context }, params: { item: ConsoleItem }) => {
      if (!context.editor) return {};
      const form = formOf(params.item, params.item.folder_id, context.currency);
      return { editor: { ...context.editor, itemId: params.item.id, form, opened: form } };
    }),
    'note saved': assign(({ context }) => ({ saved: context.editor?.form.name ?? null })),
    'note section not saved': assign(({ context }, params: { section: 'details' | 'extras' }) => ({
      editor: context.editor ? { ...context.editor, notSaved: params.section } : null,
    })),
    'refuse item': assign(({ context }) => ({ problems: itemDraftProblems(itemPayload(context)) })),
    'refuse folder': assign(({ event }) => {
      assertEvent(event, 'folder.save');
      return { problems: folderDraftProblems(event) };
    }),
    'close editor': enqueueActions(({ context, enqueue }) => {
      if (context.editor?.details) enqueue.stopChild(context.editor.details);
      if (context.editor?.extras) enqueue.stopChild(context.editor.extras);
      enqueue.assign({ editor: null, problems: [], refusal: null });
    }),
    'start write': assign(({ context }) => ({ refusal: null, problems: [], saved: null, editor: context.editor ? { ...context.editor, notSaved: null } : null })),
    'start switch': assign(({ event }) => {
      assertEvent(event, 'stock.switch');
      return { switching: event.itemId, refusal: null };
    }),
  },
}).createMachine({
  id: 'catalog',
  context: ({ input }) => ({ currency: input.currency, catalog: null, failure: null, switching: null, editor: null, problems: [], refusal: null, saved: null, folderOpen: null }),
  initial: 'loading',
  on: {
    // The folder's editor runs its own chart: closing it stops nothing here, whatever runs.
    'folder.close': { actions: assign({ folderOpen: null }) },
    'folder.stored': { actions: assign({ catalog: ({ context, event }) => (context.catalog ? withFolders(context.catalog, [event.folder]) : context.catalog) }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'load catalog',
        onDone: { target: 'shown', actions: { type: 'store catalog', params: ({ event }) => ({ catalog: event.output }) } },
        onError: { target: 'failed', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'catalog.retry': 'loading' } },
    shown: {
      on: {
        'stock.switch': { guard: 'is an item switched the other way', target: 'switching', actions: 'start switch' },
        'item.open': { actions: ['close editor', 'open editor'] },
        'item.edit': { actions: 'edit form' },
        'item.folder': { actions: 'edit form' },
        'size.add': { guard: 'size can be added', actions: 'edit form' },
        'size.remove': { actions: 'edit form' },
        'size.edit': { actions: 'edit form' },
        'item.close': [{ guard: 'editor is unsaved', target: 'discarding' }, { actions: 'close editor' }],
        'item.stored': { actions: { type: 'store item', params: ({ event }) => ({ item: event.item }) } },
        // Nothing is sent unless all of it can be: the item's rule, then each unsaved section's.
        'item.save': [
          { guard: 'item is refused', actions: 'refuse item' },
          { guard: 'a section is refused', actions: 'show section problems' },
          { guard: 'item is unsaved', target: 'savingItem', actions: 'start write' },
          { target: 'nextSection', actions: 'start write' },
        ],
        'folder.save': [{ guard: 'folder is refused', actions: 'refuse folder' }, { target: 'savingFolder', actions: 'start write' }],
        'folder.move': { target: 'movingFolder', actions: 'start write' },
        // One editor at a time: a folder's, or an item's.
        'folder.open': { guard: 'is a folder', actions: ['close editor', assign(({ event }) => ({ folderOpen: event.folderId, saved: null }))] },
      },
    },
    switching: {
      invoke: {
        src: 'switch stock',
        input: ({ event }) => {
          assertEvent(event, 'stock.switch');
          return { item_id: event.itemId, in_stock: event.inStock ? 1 : 0 };
        },
        onDone: { target: 'shown', actions: { type: 'store item', params: ({ event }) => ({ item: event.output }) } },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    savingItem: {
      invoke: {
        src: 'save item',
        input: ({ context }) => itemPayload(context),
        onDone: {
          target: 'nextSection',
          actions: [
            { type: 'store item', params: ({ event }) => ({ item: event.output }) },
            { type: 'store saved item', params: ({ event }) => ({ item: event.output }) },
          ],
        },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The item is saved (or had nothing to save): each section with unsaved changes next, then the editor closes.
    nextSection: {
      always: [
        { guard: 'details are unsaved', target: 'savingDetails' },
        { guard: 'extras are unsaved', target: 'savingExtras' },
        { target: 'shown', actions: ['note saved', 'close editor'] },
      ],
    },
    savingDetails: {
      invoke: {
        src: 'section save',
        input: ({ context }) => ({ section: context.editor!.details!, save: { type: 'details.save' } }),
        onDone: 'nextSection',
        onError: { target: 'shown', actions: { type: 'note section not saved', params: { section: 'details' } } },
      },
    },
    savingExtras: {
      invoke: {
        src: 'section save',
        input: ({ context }) => ({ section: context.editor!.extras!, save: { type: 'extras.save' } }),
        onDone: 'nextSection',
        onError: { target: 'shown', actions: { type: 'note section not saved', params: { section: 'extras' } } },
      },
    },
    // Closing with unsaved changes asks first.
    discarding: {
      on: {
        'discard.confirm': { target: 'shown', actions: 'close editor' },
        'discard.cancel': 'shown',
      },
    },
    savingFolder: {
      invoke: {
        src: 'save folder',
        input: ({ event }) => {
          assertEvent(event, 'folder.save');
          const { type: _type, ...save } = event;
          return save;
        },
        onDone: {
          target: 'shown',
          actions: [
            assign({ catalog: ({ context, event }) => (context.catalog ? withFolders(context.catalog, [event.output]) : context.catalog), saved: ({ event }) => event.output.name }),
          ],
        },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    movingFolder: {
      invoke: {
        src: 'move folder',
        input: ({ event }) => {
          assertEvent(event, 'folder.move');
          return { folder_id: event.folder_id, direction: event.direction };
        },
        onDone: { target: 'shown', actions: assign({ catalog: ({ context, event }) => (context.catalog ? withFolders(context.catalog, event.output) : context.catalog) }) },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type CatalogSnapshot = SnapshotFrom<typeof catalogMachine>;
