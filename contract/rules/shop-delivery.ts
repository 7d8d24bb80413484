import { DELIVERY_METHOD_VALUES, type DeliveryMethodValue } from '../enums';
import type { LocalizedDeliveryMethod } from './delivery-methods';

/*
 * The owner's delivery methods and minimum order (issue 32): each method switched on or off with its name,
 * description (fa and en) and price; the cart's minimum. The console's chart and the server check the same rule.
 */

/** Longest name and description of a delivery method (each language). */
export const DELIVERY_TEXT_MAX = { text: 60, description: 300 } as const;
/** A delivery price, rial (0 = free). */
export const DELIVERY_PRICE_RIAL = { min: 0, max: 100_000_000 } as const;
/** The minimum order, rial (0 = none). */
export const MIN_ORDER_RIAL = { min: 0, max: 1_000_000_000 } as const;

export interface ShopDeliveryInput {
  methods: readonly LocalizedDeliveryMethod[];
  /** rial */
  min_order: number;
}

export type DeliveryTextField = 'text_fa' | 'text_en' | 'description_fa' | 'description_en';
/** A method's field ('2.price', '1.text_fa'), the list itself ('methods') or the minimum order. */
export type ShopDeliveryField = `${DeliveryMethodValue}.${DeliveryTextField | 'price'}` | 'methods' | 'min_order';
export type ShopDeliveryProblem = 'required' | 'too_long' | 'not_whole' | 'out_of_range' | 'none_on' | 'not_unique';
export type ShopDeliveryProblems = Partial<Record<ShopDeliveryField, ShopDeliveryProblem>>;

const amountProblem = (value: number, bounds: { min: number; max: number }): ShopDeliveryProblem | null =>
  !Number.isSafeInteger(value) ? 'not_whole' : value < bounds.min || value > bounds.max ? 'out_of_range' : null;

/** A method switched on has its names in both languages; every text within its length; prices and minimum whole and within bounds; one method on at least. */
export function shopDeliveryProblems(input: ShopDeliveryInput): ShopDeliveryProblems {
  const problems: ShopDeliveryProblems = {};
  const values = input.methods.map((method) => method.value);
  if (new Set(values).size !== values.length || values.some((value) => !DELIVERY_METHOD_VALUES.includes(value))) problems.methods = 'not_unique';
  else if (!input.methods.some((method) => method.status === 1)) problems.methods = 'none_on';
  for (const method of input.methods) {
    const texts: Record<DeliveryTextField, string> = { text_fa: method.text.fa, text_en: method.text.en, description_fa: method.description.fa, description_en: method.description.en };
    for (const [field, value] of Object.entries(texts) as [DeliveryTextField, string][]) {
      const max = field.startsWith('text') ? DELIVERY_TEXT_MAX.text : DELIVERY_TEXT_MAX.description;
      if (field.startsWith('text') && method.status === 1 && value.trim() === '') problems[`${method.value}.${field}`] = 'required';
      else if (value.trim().length > max) problems[`${method.value}.${field}`] = 'too_long';
    }
    const price = amountProblem(method.price, DELIVERY_PRICE_RIAL);
    if (price) problems[`${method.value}.price`] = price;
  }
  const minimum = amountProblem(input.min_order, MIN_ORDER_RIAL);
  if (minimum) problems.min_order = minimum;
  return problems;
}

/** The methods as stored: texts trimmed. */
export const storedMethods = (methods: readonly LocalizedDeliveryMethod[]): LocalizedDeliveryMethod[] =>
  methods.map((method) => ({
    value: method.value,
    status: method.status,
    price: method.price,
    text: { fa: method.text.fa.trim(), en: method.text.en.trim() },
    description: { fa: method.description.fa.trim(), en: method.description.en.trim() },
  }));
