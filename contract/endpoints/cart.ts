import * as v from 'valibot';
import { CartSchema } from '../entities/cart';
import { PAYMENT_TYPES } from '../entities/order';
import { blankAsAbsent, blankOr, id, integer, jsonList, smallint, text, verbatim } from '../fields';
import { TEXT_MAX } from '../rules/limits';

/** One chosen item option: its id (from get_options / item_options) and how many. */
export const OptionChoiceSchema = v.object({ id: id(), count: integer() });

/** A priced extra as the client names it; its price always comes from the item's options. */
export const ExtraChoiceSchema = v.object({ name: verbatim(), count: v.optional(integer(), 1), price: v.optional(v.unknown()) });

/** The cart codes (issue 5). Writes run in one transaction (`writes: true`). */
export const cartEndpoints = {
  cart_controller: {
    summary:
      'Adds a line (item_id, count, feature/size/color names, newoptions, comment extras), updates a line\'s count (order_item_id, count; 0 removes), or removes it (operation 3). With `seen_count` (the count the client saw) a count change made since elsewhere refuses the write: 409 `cart_stale`, nothing written, the fresh cart in `data`. Prices are the server\'s; the reply is the whole cart. The first write of an anonymous visitor sets the httpOnly `gid` cookie.',
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
      /** not in the spec: the line's count the client last saw; a count change made since refuses this one (409 `cart_stale`, the fresh cart in data) */
      seen_count: blankAsAbsent(integer()),
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
