import * as v from 'valibot';
import { blankAsAbsent, blankOr, id, integer, jsonList, money, text } from '../../fields';
import { CATALOG_DESCRIPTION_MAX, CATALOG_NAME_MAX } from '../../rules/catalog-edit';
import { ConsoleCatalogSchema, ConsoleFolderSchema, ConsoleItemSchema } from '../catalog-entities';

// Texts are bounded loosely here: contract/rules/catalog-edit.ts refuses an over-long one with its own message.
const name = () => blankOr(text({ max: CATALOG_NAME_MAX * 2 }), '');
const description = () => blankOr(text({ max: CATALOG_DESCRIPTION_MAX * 2, multiline: true }), '');
const SizeInputSchema = v.object({ name: v.string(), name_en: v.string(), price: v.number() });

/**
 * The shop's catalog in the console (issue 32). Every write is announced to every instance's read cache after it
 * committed (writeShopData), so the next read of every customer sees it.
 */
export const catalogEndpoints = {
  catalog: {
    summary: 'Every folder and item of the shop (finished and type 12 ones too), each in its order.',
    request: v.object({}),
    data: ConsoleCatalogSchema,
    staff: true,
  },
  catalog_stock: {
    summary: "Marks an item finished for now (`in_stock` 0: the storefront shows it finished and the cart refuses it) or back (1). Staff and owners: the counter's one tap.",
    request: v.object({ item_id: id(), in_stock: integer({ min: 0, max: 1 }) }),
    data: ConsoleItemSchema,
    staff: true,
  },
  catalog_item_save: {
    summary:
      'Creates an item (no `item_id`) or changes one: names, descriptions, unit and unit step, price, sizes with prices (JSON list), folder. Checked by contract/rules/catalog-edit.ts (400 naming the field, nothing written). A new price never changes a placed order; a cart line shows it with a notice on its next read.',
    request: v.object({
      item_id: blankAsAbsent(id()),
      name: name(),
      name_en: name(),
      description: description(),
      description_en: description(),
      unit: blankOr(text({ max: 20 }), 'number'),
      unit_step: blankOr(integer(), 1),
      price: money(),
      folder_id: blankOr(integer(), 0),
      // Absent or blank is no sizes (a default is checked as input, hence the JSON text).
      sizes: v.optional(v.pipe(v.string(), v.transform((raw) => raw.trim() || '[]'), jsonList(SizeInputSchema)), '[]'),
    }),
    data: ConsoleItemSchema,
    staff: true,
    owner: true,
  },
  catalog_folder_save: {
    summary:
      'Creates a folder (no `folder_id`) or renames or moves one; `parent_id` 0 or a top folder (two levels; a folder holding subfolders stays on top, none goes under itself). `bg_color` #rrggbb sets its background colour, blank removes it, absent keeps it (400 `color_invalid` naming the field otherwise).',
    request: v.object({
      folder_id: blankAsAbsent(id()),
      name: name(),
      name_en: name(),
      parent_id: blankOr(integer({ min: 0 }), 0),
      // Checked by contract/rules/catalog-edit.ts's FOLDER_COLOR_PATTERN with its own message; bounded loosely here.
      bg_color: v.optional(text({ max: 40 })),
    }),
    data: ConsoleFolderSchema,
    staff: true,
    owner: true,
  },
  catalog_folder_move: {
    summary: 'Moves a folder one place up or down among its siblings; answers the folders in their new order.',
    request: v.object({ folder_id: id(), direction: v.picklist(['up', 'down']) }),
    data: v.array(ConsoleFolderSchema),
    staff: true,
    owner: true,
  },
} as const;
