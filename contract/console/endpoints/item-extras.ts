import * as v from 'valibot';
import { id, jsonList } from '../../fields';
import { ConsoleItemExtrasSchema } from '../item-extras-entities';

const StepInputSchema = v.object({ id: v.number(), name: v.string(), name_en: v.string(), min_count: v.number(), max_count: v.number() });
const ExtraInputSchema = v.object({
  id: v.optional(v.number()),
  step: v.number(),
  name: v.string(),
  name_en: v.string(),
  price: v.number(),
  min_count: v.number(),
  max_count: v.number(),
});

/**
 * An item's option steps and priced extras in the console (issue 32). Written through writeShopData: the next read of
 * every customer (the item page's options, the cart's pricing of a line) sees them.
 */
export const itemExtrasEndpoints = {
  catalog_item_extras: {
    summary: "The shop's option steps (data.item_steps) and an item's priced extras in their order.",
    request: v.object({ item_id: id() }),
    data: ConsoleItemExtrasSchema,
    staff: true,
    owner: true,
  },
  catalog_item_extras_save: {
    summary:
      "Writes the shop's option steps and an item's extras (JSON lists; an extra without `id` is new, one left out is removed; the list's order is theirs) in one transaction. Checked by contract/rules/item-extras.ts (400 naming the field, nothing written); a step another item's extras still use cannot be removed (409 step_in_use). A cart line keeps the extras' prices it was added with.",
    request: v.object({ item_id: id(), steps: jsonList(StepInputSchema), extras: jsonList(ExtraInputSchema) }),
    data: ConsoleItemExtrasSchema,
    staff: true,
    owner: true,
  },
} as const;
