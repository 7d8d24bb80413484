import * as v from 'valibot';

/*
 * An item's option steps and priced extras as the console edits them (issue 32). The steps are the shop's
 * (data.item_steps, shared by every item); the extras are the item's, in their order. Prices are rial.
 */

/** A step of the shop: its name and the bounds of the total chosen in it. */
export const ConsoleStepSchema = v.object({ id: v.number(), name: v.string(), name_en: v.string(), min_count: v.number(), max_count: v.number() });
export type ConsoleStep = v.InferOutput<typeof ConsoleStepSchema>;

/** A priced extra of the item, in the step it belongs to; the customer picks min_count..max_count of it. */
export const ConsoleExtraSchema = v.object({ id: v.number(), step: v.number(), name: v.string(), name_en: v.string(), price: v.number(), min_count: v.number(), max_count: v.number() });
export type ConsoleExtra = v.InferOutput<typeof ConsoleExtraSchema>;

/** The shop's steps and one item's extras. */
export const ConsoleItemExtrasSchema = v.object({ item_id: v.number(), steps: v.array(ConsoleStepSchema), extras: v.array(ConsoleExtraSchema) });
export type ConsoleItemExtras = v.InferOutput<typeof ConsoleItemExtrasSchema>;
