import * as v from 'valibot';
import { CartSchema } from '../entities/cart';
import { PAYMENT_TYPES } from '../entities/order';
import { blankAsAbsent, blankOr, id, integer, smallint, text, verbatim } from '../fields';
import { JSON_LIST_MAX, TEXT_MAX } from '../rules/limits';

/** A form field holding JSON, parsed and checked against `schema`. */
export const jsonField = <TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.pipe(v.string(), v.trim(), v.maxLength(TEXT_MAX.json), v.parseJson(), schema);

/** A JSON list of at most JSON_LIST_MAX entries. */
const jsonList = <TSchema extends v.GenericSchema>(entry: TSchema) => jsonField(v.pipe(v.array(entry), v.maxLength(JSON_LIST_MAX)));

/** One chosen item option: its id (from get_options / item_options) and how many. */
export const OptionChoiceSchema = v.object({ id: id(), count: integer() });

/** A priced extra as the client names it; its price always comes from the item's options. */
export const ExtraChoiceSchema = v.object({ name: verbatim(), count: v.optional(integer(), 1), price: v.optional(v.unknown()) });

/** The cart codes (issue 5). Writes run in one transaction (`writes: true`). */
export const cartEndpoints = {
  cart_controller: {
    summary:
      'Adds a line (item_id, count, feature/size/color names, newoptions, comment extras), updates a line\'s count (order_item_id, count; 0 removes), or removes it (operation 3). Prices are the server\'s; the reply is the whole cart. The first write of an anonymous visitor sets the httpOnly `gid` cookie.',
    request: v.object({
      operation: blankOr(smallint(), 1),
      order_item_id: blankAsAbsent(id()),
      order_id: blankAsAbsent(id()),
      count: blankAsAbsent(integer()),
      item_id: blankAsAbsent(id()),
      feature_name: v.optional(text()),
      size_name: v.optional(text()),
      color_name: v.optional(text()),
      /** JSON list of priced extras by name: [{"name":"سس سیر","count":1}] */
      comment: v.optional(jsonList(ExtraChoiceSchema)),
      /** JSON list of option choices: [{"id":12,"count":2}] */
      newoptions: v.optional(jsonList(OptionChoiceSchema)),
      from_menu: blankAsAbsent(smallint()),
    }),
    data: CartSchema,
    login: false,
    writes: true,
  },
  save_comment: {
    summary: 'Stores the order note of the visitor\'s cart.',
    request: v.object({ order_id: id(), comment: text({ max: TEXT_MAX.orderComment, multiline: true }) }),
    data: v.object({ order_id: v.number(), comment: v.string() }),
    login: false,
    writes: true,
  },
  order_controler: {
    summary:
      'Checks the cart can go to checkout and names the payment types the shop takes: empty cart -> 409 `empty_cart` ("سبد خالی است"); below the shop\'s minimum order -> 409 `modal_min_order_show` (the cart is unchanged).',
    request: v.object({ order_id: blankAsAbsent(id()) }),
    data: v.object({ order_id: v.number(), pure_price: v.number(), min_order: v.number(), payment_types: v.array(v.picklist(PAYMENT_TYPES)) }),
    login: true,
  },
} as const;
