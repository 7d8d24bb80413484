/*
 * Spec §4's option bounds, once for both ends: the item page's counters
 * (machines/item-options-machine.ts) and the server's check of a line it is
 * asked to add (server/services/checkout/cart-lines.ts).
 *
 * - Each option's count stays within its min_count..max_count.
 * - Options are grouped in steps (a shop's item_steps); the total chosen in a
 *   step stays within the step's min_count..max_count. A step none of the
 *   item's options belongs to has nothing to count and binds nothing.
 */

/** The bounds of one option and the step it belongs to. */
export interface OptionBounds {
  id: number;
  step: number;
  min_count: number;
  max_count: number;
}

/** The bounds of a step's total. */
export interface StepBounds {
  id: number;
  min_count: number;
  max_count: number;
}

/** option id -> chosen count; an option not listed counts 0. */
export type OptionCounts = Readonly<Record<number, number>>;

/** An item's options, their steps and the counts chosen. */
export interface OptionChoice {
  options: readonly OptionBounds[];
  steps: readonly StepBounds[];
  counts: OptionCounts;
}

const countOf = (counts: OptionCounts, optionId: number): number => counts[optionId] ?? 0;

/** The count an option starts at: its default count brought within its bounds. */
export const startingCount = (option: Pick<OptionBounds, 'min_count' | 'max_count'> & { count: number }): number =>
  Math.min(Math.max(option.count, option.min_count), option.max_count);

/** The total chosen in one step. */
export function stepTotal(choice: Pick<OptionChoice, 'options' | 'counts'>, stepId: number): number {
  return choice.options.filter((option) => option.step === stepId).reduce((total, option) => total + countOf(choice.counts, option.id), 0);
}

/** Whether one more of an option may be chosen: below its max_count and its step's total below the step's max_count. */
export function canIncrement(choice: OptionChoice, optionId: number): boolean {
  const option = choice.options.find((candidate) => candidate.id === optionId);
  if (!option) return false;
  const step = choice.steps.find((candidate) => candidate.id === option.step);
  const stepRoom = step === undefined || stepTotal(choice, option.step) < step.max_count;
  return countOf(choice.counts, optionId) < option.max_count && stepRoom;
}

/** Whether one of an option may be removed: only above its min_count. */
export function canDecrement(choice: Pick<OptionChoice, 'options' | 'counts'>, optionId: number): boolean {
  const option = choice.options.find((candidate) => candidate.id === optionId);
  return option !== undefined && countOf(choice.counts, optionId) > option.min_count;
}

/** The options whose count lies outside their own bounds, in the options' order. */
export function optionsOutOfBounds<T extends OptionBounds>(choice: Pick<OptionChoice, 'counts'> & { options: readonly T[] }): T[] {
  return choice.options.filter((option) => {
    const count = countOf(choice.counts, option.id);
    return count < option.min_count || count > option.max_count;
  });
}

/** A step whose total lies outside its bounds: below its minimum or above its maximum. */
export interface StepBreach {
  step: StepBounds;
  bound: 'min' | 'max';
  total: number;
}

/** The steps (with options of the item) whose total lies outside their bounds, in the steps' order. */
export function stepsOutOfBounds(choice: OptionChoice): StepBreach[] {
  const breaches: StepBreach[] = [];
  for (const step of choice.steps) {
    if (!choice.options.some((option) => option.step === step.id)) continue;
    const total = stepTotal(choice, step.id);
    if (total < step.min_count) breaches.push({ step, bound: 'min', total });
    else if (total > step.max_count) breaches.push({ step, bound: 'max', total });
  }
  return breaches;
}

/** A single choice is no choice: it is preselected (the item page's feature, colour and size). */
export const preselected = (choices: readonly { name: string }[]): string | null => (choices.length === 1 ? choices[0].name : null);

/** The starting count of each option, by id. */
export const startingCounts = (options: readonly (Pick<OptionBounds, 'id' | 'min_count' | 'max_count'> & { count: number })[]): OptionCounts =>
  Object.fromEntries(options.map((option) => [option.id, startingCount(option)]));

/** One of the item's price: the chosen size's price (else the item's) and each option's price times its count. */
export function unitPrice(choice: { item: { price: number; data: { sizes: readonly { name: string; price: number }[] } }; size: string | null; options: readonly { id: number; price: number }[]; counts: OptionCounts }): number {
  const size = choice.item.data.sizes.find((candidate) => candidate.name === choice.size);
  const base = size?.price ?? choice.item.price;
  return choice.options.reduce((total, option) => total + option.price * countOf(choice.counts, option.id), base);
}
