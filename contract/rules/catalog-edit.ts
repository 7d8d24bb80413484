import { UNITS, type Unit } from '../entities/catalog';

/*
 * What an owner may write into the catalog from the console (issue 32): the bounds of an item's and a folder's
 * fields. The console's editing machine shows these problems before sending; the server refuses the same ones
 * with the same words (server/i18n/catalog-edit-messages.ts), nothing written.
 */

/** The `result` of a cart add or a checkout refused because an item is finished for now (the counter's switch). */
export const ITEM_FINISHED_RESULT = 'item_finished';
/** The `result` of a checkout refused because a line's price changed since the cart was read (reading it shows the new one). */
export const PRICE_CHANGED_RESULT = 'cart_price_changed';

/** Longest name of an item, a folder or a size. */
export const CATALOG_NAME_MAX = 120;
/** Longest description of an item. */
export const CATALOG_DESCRIPTION_MAX = 4_000;
/** Highest price of an item or a size, rial (a bigint column; a typo of three zeros more still fits, this catches six). */
export const CATALOG_PRICE_MAX = 100_000_000_000;
/** Most sizes an item offers. */
export const CATALOG_SIZES_MAX = 12;
/** Largest unit step (how many units one count is: 100 for a price per 100 g). */
export const CATALOG_UNIT_STEP_MAX = 1_000;
/** Folders nest two levels: a top folder and its subfolders. */
export const CATALOG_FOLDER_LEVELS = 2;

/** An item as the console's editor sends it. */
export interface ItemDraft {
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  unit: string;
  unit_step: number;
  price: number;
  folder_id: number;
  sizes: readonly { name: string; name_en: string; price: number }[];
}

/** A folder as the console's editor sends it; parent_id 0 is the top; bg_color '' is none, absent keeps it. */
export interface FolderDraft {
  name: string;
  name_en: string;
  parent_id: number;
  bg_color?: string;
}

/** A folder's background colour (the storefront's bg_color): #rrggbb, or '' for none. */
export const FOLDER_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** What is wrong with a draft: the field and a problem word (the server's message key). */
export interface DraftProblem {
  field: string;
  problem: CatalogProblem;
}

export const CATALOG_PROBLEMS = ['name_required', 'name_en_required', 'name_too_long', 'description_too_long', 'unit_unknown', 'unit_step_range', 'price_range', 'folder_required', 'sizes_too_many', 'size_name_required', 'size_price_range', 'color_invalid'] as const;
export type CatalogProblem = (typeof CATALOG_PROBLEMS)[number];

const blank = (value: string) => value.trim() === '';
const priceOk = (price: number) => Number.isInteger(price) && price >= 0 && price <= CATALOG_PRICE_MAX;

/** The problems of a folder's names (the parent is checked against the tree by whoever holds it). */
function nameProblems(draft: { name: string; name_en: string }): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (blank(draft.name)) problems.push({ field: 'name', problem: 'name_required' });
  else if (draft.name.length > CATALOG_NAME_MAX) problems.push({ field: 'name', problem: 'name_too_long' });
  if (blank(draft.name_en)) problems.push({ field: 'name_en', problem: 'name_en_required' });
  else if (draft.name_en.length > CATALOG_NAME_MAX) problems.push({ field: 'name_en', problem: 'name_too_long' });
  return problems;
}

/** Every problem of an item draft, in the editor's field order; none: it may be saved. */
export function itemDraftProblems(draft: ItemDraft): DraftProblem[] {
  const problems = nameProblems(draft);
  for (const field of ['description', 'description_en'] as const) {
    if (draft[field].length > CATALOG_DESCRIPTION_MAX) problems.push({ field, problem: 'description_too_long' });
  }
  if (!(UNITS as readonly string[]).includes(draft.unit)) problems.push({ field: 'unit', problem: 'unit_unknown' });
  if (!Number.isInteger(draft.unit_step) || draft.unit_step < 1 || draft.unit_step > CATALOG_UNIT_STEP_MAX) problems.push({ field: 'unit_step', problem: 'unit_step_range' });
  if (!priceOk(draft.price)) problems.push({ field: 'price', problem: 'price_range' });
  if (!Number.isInteger(draft.folder_id) || draft.folder_id <= 0) problems.push({ field: 'folder_id', problem: 'folder_required' });
  if (draft.sizes.length > CATALOG_SIZES_MAX) problems.push({ field: 'sizes', problem: 'sizes_too_many' });
  draft.sizes.forEach((size, index) => {
    if (blank(size.name) || blank(size.name_en)) problems.push({ field: `sizes.${index}.name`, problem: 'size_name_required' });
    if (!priceOk(size.price)) problems.push({ field: `sizes.${index}.price`, problem: 'size_price_range' });
  });
  return problems;
}

/** Every problem of a folder draft's own fields. */
export function folderDraftProblems(draft: FolderDraft): DraftProblem[] {
  const problems = nameProblems(draft);
  if (draft.bg_color && !FOLDER_COLOR_PATTERN.test(draft.bg_color)) problems.push({ field: 'bg_color', problem: 'color_invalid' });
  return problems;
}

/** Whether `unit` is one the storefront knows. */
export const isUnit = (unit: string): unit is Unit => (UNITS as readonly string[]).includes(unit);
