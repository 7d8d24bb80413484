import * as v from 'valibot';
import { ItemColorSchema, ItemFeatureSchema, ItemLabelSchema } from '../entities/catalog';

/** An item's details as the console edits them (issue 32): what the customer chooses and the labels shown; `code` '' is none. */
export const ConsoleItemDetailsSchema = v.object({
  item_id: v.number(),
  /** 12: sold but never listed */
  type: v.picklist([1, 12]),
  features: v.array(ItemFeatureSchema),
  colors: v.array(ItemColorSchema),
  code: v.string(),
  texture_types: v.array(ItemLabelSchema),
  packaging_types: v.array(ItemLabelSchema),
});
export type ConsoleItemDetails = v.InferOutput<typeof ConsoleItemDetailsSchema>;
