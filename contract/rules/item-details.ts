import { CATALOG_NAME_MAX } from './catalog-edit';

/*
 * An item's details as the owner writes them (issue 32): features and colors to choose from, the labels the item
 * page shows (the shop's code, texture and packaging types) and type 12 (never listed). The
 * console's chart shows these problems before sending; the server refuses the same ones with the same
 * words (server/i18n/item-details-messages.ts), nothing written.
 */

/** Most entries of one list (features, colors, texture or packaging types). */
export const ITEM_DETAILS_MAX = 20;
/** Longest product code. */
export const ITEM_CODE_MAX = 40;

/** A colour as the storefront paints it: #rrggbb. */
export const isColourHex = (hex: string): boolean => /^#[0-9a-f]{6}$/i.test(hex);

export const DETAIL_LISTS = ['features', 'colors', 'texture_types', 'packaging_types'] as const;
export type DetailList = (typeof DETAIL_LISTS)[number];

interface Named {
  name: string;
  name_en: string;
}

/** The details as the console sends them; `code` '' is none. */
export interface ItemDetailsDraft {
  features: readonly Named[];
  colors: readonly (Named & { hex: string })[];
  code: string;
  texture_types: readonly Named[];
  packaging_types: readonly Named[];
  /** type 12: never listed */
  hidden: boolean;
}

export const DETAIL_PROBLEMS = ['details_too_many', 'detail_name_required', 'colour_hex_invalid', 'code_too_long'] as const;
export type DetailProblem = (typeof DETAIL_PROBLEMS)[number];

/** What is wrong: the field (features.N, colors.N.hex, code) and a problem word (the server's message key). */
export interface DetailDraftProblem {
  field: string;
  problem: DetailProblem;
}

const blankOrLong = (text: string) => text.trim() === '' || text.length > CATALOG_NAME_MAX;

/** Every problem of an item's details, list by list in the editor's order; none: they may be saved. */
export function itemDetailsProblems(draft: ItemDetailsDraft): DetailDraftProblem[] {
  const problems: DetailDraftProblem[] = [];
  for (const list of DETAIL_LISTS) {
    const entries: readonly (Named & { hex?: string })[] = draft[list];
    if (entries.length > ITEM_DETAILS_MAX) problems.push({ field: list, problem: 'details_too_many' });
    entries.forEach((entry, index) => {
      if (blankOrLong(entry.name) || blankOrLong(entry.name_en)) problems.push({ field: `${list}.${index}.name`, problem: 'detail_name_required' });
      if (entry.hex !== undefined && !isColourHex(entry.hex)) problems.push({ field: `${list}.${index}.hex`, problem: 'colour_hex_invalid' });
    });
  }
  if (draft.code.length > ITEM_CODE_MAX) problems.push({ field: 'code', problem: 'code_too_long' });
  return problems;
}
