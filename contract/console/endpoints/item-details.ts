import * as v from 'valibot';
import { blankOr, id, integer, jsonList, verbatim } from '../../fields';
import { ITEM_CODE_MAX } from '../../rules/item-details';
import { ConsoleItemDetailsSchema } from '../item-details-entities';

const NamedInputSchema = v.object({ name: v.string(), name_en: v.string() });
const ColorInputSchema = v.object({ name: v.string(), name_en: v.string(), hex: v.string() });
// Absent or blank is an empty list (a default is checked as input, hence the JSON text).
const list = <T extends v.GenericSchema>(entry: T) => v.optional(v.pipe(v.string(), v.transform((raw) => raw.trim() || '[]'), jsonList(entry)), '[]');

/**
 * An item's details in the console (issue 32): features and colors the customer chooses from, the labels the item
 * page shows, and type 12. Written through writeShopData: every customer's next read shows them.
 */
export const itemDetailsEndpoints = {
  catalog_item_details: {
    summary: "An item's features, colors, code, texture and packaging types, and its type (12: never listed).",
    request: v.object({ item_id: id() }),
    data: ConsoleItemDetailsSchema,
    staff: true,
    owner: true,
  },
  catalog_item_details_save: {
    summary:
      "Replaces an item's features, colors (name, name_en, #rrggbb), product code (`item_code`), texture and packaging types (JSON lists) and sets `hidden` 1 (type 12: the storefront neither lists nor serves it) or 0. Checked by contract/rules/item-details.ts (400 naming the field, nothing written). The item's other fields, sizes and unit step stay.",
    request: v.object({
      item_id: id(),
      features: list(NamedInputSchema),
      colors: list(ColorInputSchema),
      // The product code (`code` names the console's request itself).
      item_code: blankOr(verbatim({ max: ITEM_CODE_MAX * 2 }), ''),
      texture_types: list(NamedInputSchema),
      packaging_types: list(NamedInputSchema),
      hidden: blankOr(integer({ min: 0, max: 1 }), 0),
    }),
    data: ConsoleItemDetailsSchema,
    staff: true,
    owner: true,
  },
} as const;
