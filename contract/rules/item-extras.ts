import { CATALOG_NAME_MAX, CATALOG_PRICE_MAX } from './catalog-edit';

/*
 * An item's option steps and priced extras as the owner writes them (issue 32): the shop's steps (data.item_steps:
 * a name and the bounds of a step's total) and the item's extras in their order. The console's chart shows these
 * problems before sending; the server refuses the same ones with the same words (server/i18n/item-extras-messages.ts),
 * nothing written. contract/rules/option-steps.ts then bounds what a customer chooses.
 */

/** Most steps a shop defines. */
export const ITEM_STEPS_MAX = 12;
/** Most extras one item offers. */
export const ITEM_EXTRAS_MAX = 40;
/** Highest min/max count of a step's total or of one extra. */
export const OPTION_COUNT_MAX = 99;

/** A step of the shop as the console sends it; a new one carries an id none of the shop's steps has. */
export interface StepDraft {
  id: number;
  name: string;
  name_en: string;
  min_count: number;
  max_count: number;
}

/** An extra of the item as the console sends it (no id: a new one); its place in the list is its order. */
export interface ExtraDraft {
  id?: number;
  step: number;
  name: string;
  name_en: string;
  price: number;
  min_count: number;
  max_count: number;
}

export const OPTION_PROBLEMS = ['steps_too_many', 'step_id_invalid', 'step_name_required', 'step_count_range', 'extras_too_many', 'extra_step_unknown', 'extra_name_required', 'extra_price_range', 'extra_count_range'] as const;
export type OptionProblem = (typeof OPTION_PROBLEMS)[number];

/** What is wrong: the field (steps.N.x, extras.N.x) and a problem word (the server's message key). */
export interface OptionDraftProblem {
  field: string;
  problem: OptionProblem;
}

const named = (draft: { name: string; name_en: string }) => draft.name.trim() !== '' && draft.name_en.trim() !== '' && draft.name.length <= CATALOG_NAME_MAX && draft.name_en.length <= CATALOG_NAME_MAX;
const countOk = (count: number) => Number.isInteger(count) && count >= 0 && count <= OPTION_COUNT_MAX;
/** Both bounds whole numbers in 0..OPTION_COUNT_MAX, the minimum not above the maximum. */
const boundsOk = (draft: { min_count: number; max_count: number }) => countOk(draft.min_count) && countOk(draft.max_count) && draft.min_count <= draft.max_count;

/** Every problem of the shop's steps and an item's extras, steps first, each in its order; none: they may be saved. */
export function optionDraftProblems(draft: { steps: readonly StepDraft[]; extras: readonly ExtraDraft[] }): OptionDraftProblem[] {
  const problems: OptionDraftProblem[] = [];
  if (draft.steps.length > ITEM_STEPS_MAX) problems.push({ field: 'steps', problem: 'steps_too_many' });
  const ids = new Set<number>();
  draft.steps.forEach((step, index) => {
    if (!Number.isInteger(step.id) || step.id <= 0 || ids.has(step.id)) problems.push({ field: `steps.${index}.id`, problem: 'step_id_invalid' });
    ids.add(step.id);
    if (!named(step)) problems.push({ field: `steps.${index}.name`, problem: 'step_name_required' });
    if (!boundsOk(step)) problems.push({ field: `steps.${index}.count`, problem: 'step_count_range' });
  });
  if (draft.extras.length > ITEM_EXTRAS_MAX) problems.push({ field: 'extras', problem: 'extras_too_many' });
  draft.extras.forEach((extra, index) => {
    if (!ids.has(extra.step)) problems.push({ field: `extras.${index}.step`, problem: 'extra_step_unknown' });
    if (!named(extra)) problems.push({ field: `extras.${index}.name`, problem: 'extra_name_required' });
    if (!Number.isInteger(extra.price) || extra.price < 0 || extra.price > CATALOG_PRICE_MAX) problems.push({ field: `extras.${index}.price`, problem: 'extra_price_range' });
    if (!boundsOk(extra)) problems.push({ field: `extras.${index}.count`, problem: 'extra_count_range' });
  });
  return problems;
}

/** The id a step added now takes: one above every step's. */
export const nextStepId = (steps: readonly { id: number }[]): number => steps.reduce((top, step) => Math.max(top, step.id), 0) + 1;
