import { and, assertEvent, assign, sendTo, setup, type AnyActorRef } from 'xstate';
import { canDecrement, canIncrement, preselected, startingCounts, stepsOutOfBounds } from '@contract/rules/option-steps';
import type { Item, ItemOption, ItemOptions, ItemSelection, OptionStep } from '@contract/entities/catalog';
import type { ApiFailure } from './api-failure';
import type { CartAddition, CartReply } from './cart-machine';

/** What a submit found missing: a feature, color or size the item offers, or a step below its minimum total. */
export type MissingPart = { kind: 'feature' } | { kind: 'color' } | { kind: 'size' } | { kind: 'step'; stepId: number; minCount: number };

export interface ItemOptionsInput {
  item: Item;
  options: ItemOptions;
  /** the cart actor the selection is added to */
  cart?: AnyActorRef | null;
  /** the shop shows its menu only (the item's reply says so): no cart, nothing to submit */
  menuOnly?: boolean;
}

export interface ItemOptionsContext {
  item: Item;
  steps: OptionStep[];
  options: ItemOption[];
  /** option id -> chosen count */
  counts: Record<number, number>;
  /** canonical (Persian) names, as cart_controller takes them */
  feature: string | null;
  color: string | null;
  size: string | null;
  /** what the last refused submit lacked; cleared by the next change */
  missing: MissingPart[];
  /** the validated selection of the last accepted submit */
  selection: ItemSelection | null;
  cart: AnyActorRef | null;
  /** why the cart refused the last selection (the server's message, or a typed reason); cleared by the next change */
  refusal: ApiFailure | null;
  menuOnly: boolean;
}

export type ItemOptionsEvent =
  | { type: 'option.increment'; optionId: number }
  | { type: 'option.decrement'; optionId: number }
  | { type: 'feature.select'; name: string }
  | { type: 'color.select'; name: string }
  | { type: 'size.select'; name: string }
  | { type: 'selection.submit' }
  | CartReply;

export { canDecrement, canIncrement, stepTotal, unitPrice } from '@contract/rules/option-steps';

/** What is still missing for a complete selection, in the order the page shows it. */
export function missingParts(context: ItemOptionsContext): MissingPart[] {
  const missing: MissingPart[] = [];
  const data = context.item.data;
  if (data.features.length > 0 && context.feature === null) missing.push({ kind: 'feature' });
  if (data.colors.length > 0 && context.color === null) missing.push({ kind: 'color' });
  if (data.sizes.length > 0 && context.size === null) missing.push({ kind: 'size' });
  for (const { step, bound } of stepsOutOfBounds(context)) if (bound === 'min') missing.push({ kind: 'step', stepId: step.id, minCount: step.min_count });
  return missing;
}

/** The unit price in rial of the current choice: the size's price (or the item's) plus the chosen options. */
/** The selection payload cart_controller takes, from a complete context. */
export function selectionOf(context: ItemOptionsContext): ItemSelection {
  return {
    item_id: context.item.item_id,
    count: 1,
    feature_name: context.feature,
    size_name: context.size,
    color_name: context.color,
    newoptions: context.options.filter((option) => (context.counts[option.id] ?? 0) > 0).map((option) => ({ id: option.id, count: context.counts[option.id] })),
  };
}

/** The context an item page starts from: each option at its starting count within its bounds. */
export function initialOptionsContext({ item, options, cart, menuOnly }: ItemOptionsInput): ItemOptionsContext {
  return {
    item,
    steps: options.steps,
    options: options.options,
    counts: startingCounts(options.options),
    feature: preselected(item.data.features),
    color: preselected(item.data.colors),
    size: preselected(item.data.sizes),
    missing: [],
    selection: null,
    cart: cart ?? null,
    refusal: null,
    menuOnly: menuOnly === true,
  };
}

/** Whether the page offers adding to a cart at all (a menu-only shop has none; the server would refuse it). */
export const offersCart = (snapshot: { context: Pick<ItemOptionsContext, 'menuOnly'> }): boolean => !snapshot.context.menuOnly;

/** cart_controller's line from a selection: empty names are left out. */
export function additionOf(selection: ItemSelection): CartAddition {
  return {
    item_id: selection.item_id,
    count: selection.count,
    ...(selection.feature_name ? { feature_name: selection.feature_name } : {}),
    ...(selection.size_name ? { size_name: selection.size_name } : {}),
    ...(selection.color_name ? { color_name: selection.color_name } : {}),
    newoptions: selection.newoptions,
  };
}

const changes = {
  'option.increment': { guard: 'option can go up', target: '#itemOptions.choosing', actions: 'add one' },
  'option.decrement': { guard: 'option can go down', target: '#itemOptions.choosing', actions: 'remove one' },
  'feature.select': { guard: 'feature is offered', target: '#itemOptions.choosing', actions: 'choose feature' },
  'color.select': { guard: 'color is offered', target: '#itemOptions.choosing', actions: 'choose color' },
  'size.select': { guard: 'size is offered', target: '#itemOptions.choosing', actions: 'choose size' },
} as const;

/**
 * The item page's option selection: features, colors, sizes and option
 * counters within their bounds (spec §4); a submit either names what is
 * missing or adds the complete selection to the cart and waits for its answer.
 */
export const itemOptionsMachine = setup({
  types: {
    context: {} as ItemOptionsContext,
    events: {} as ItemOptionsEvent,
    input: {} as ItemOptionsInput,
  },
  guards: {
    'option can go up': ({ context, event }) => {
      assertEvent(event, 'option.increment');
      return canIncrement(context, event.optionId);
    },
    'option can go down': ({ context, event }) => {
      assertEvent(event, 'option.decrement');
      return canDecrement(context, event.optionId);
    },
    'feature is offered': ({ context, event }) => {
      assertEvent(event, 'feature.select');
      return context.item.data.features.some((feature) => feature.name === event.name);
    },
    'color is offered': ({ context, event }) => {
      assertEvent(event, 'color.select');
      return context.item.data.colors.some((color) => color.name === event.name);
    },
    'size is offered': ({ context, event }) => {
      assertEvent(event, 'size.select');
      return context.item.data.sizes.some((size) => size.name === event.name);
    },
    'selection is complete': ({ context }) => missingParts(context).length === 0,
    // Finished for now (the counter's switch): the cart would refuse it, so the page does not ask.
    'item is in stock': ({ context }) => context.item.finished !== true,
    'shop takes orders': ({ context }) => !context.menuOnly,
  },
  actions: {
    'add one': assign(({ context, event }) => {
      assertEvent(event, 'option.increment');
      return { counts: { ...context.counts, [event.optionId]: (context.counts[event.optionId] ?? 0) + 1 }, missing: [], selection: null, refusal: null };
    }),
    'remove one': assign(({ context, event }) => {
      assertEvent(event, 'option.decrement');
      return { counts: { ...context.counts, [event.optionId]: context.counts[event.optionId] - 1 }, missing: [], selection: null, refusal: null };
    }),
    'choose feature': assign(({ event }) => {
      assertEvent(event, 'feature.select');
      return { feature: event.name, missing: [], selection: null, refusal: null };
    }),
    'choose color': assign(({ event }) => {
      assertEvent(event, 'color.select');
      return { color: event.name, missing: [], selection: null, refusal: null };
    }),
    'choose size': assign(({ event }) => {
      assertEvent(event, 'size.select');
      return { size: event.name, missing: [], selection: null, refusal: null };
    }),
    'store selection': assign(({ context }) => ({ selection: selectionOf(context), missing: [], refusal: null })),
    'name what is missing': assign(({ context }) => ({ missing: missingParts(context) })),
    // The cart prices the line on the server and answers with cart.added or cart.refused.
    'add to cart': sendTo(
      ({ context }) => context.cart as AnyActorRef,
      ({ context, self }) => ({ type: 'cart.add' as const, line: additionOf(context.selection ?? selectionOf(context)), replyTo: self }),
    ),
    'store refusal': assign(({ event }) => {
      assertEvent(event, 'cart.refused');
      return { refusal: event.failure };
    }),
  },
}).createMachine({
  id: 'itemOptions',
  context: ({ input }) => initialOptionsContext(input),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        ...changes,
        'selection.submit': [
          { guard: and(['shop takes orders', 'item is in stock', 'selection is complete']), target: 'adding', actions: 'store selection' },
          { guard: and(['shop takes orders', 'item is in stock']), actions: 'name what is missing' },
        ],
      },
    },
    // A conversation with the cart: "added" only once the server accepted the line; a refusal keeps the selection.
    adding: {
      entry: 'add to cart',
      on: {
        'cart.added': 'added',
        'cart.refused': { target: 'choosing', actions: 'store refusal' },
      },
    },
    added: {
      on: {
        ...changes,
        'selection.submit': [
          { guard: and(['shop takes orders', 'item is in stock', 'selection is complete']), target: 'adding', actions: 'store selection' },
          { guard: and(['shop takes orders', 'item is in stock']), actions: 'name what is missing' },
        ],
      },
    },
  },
});
