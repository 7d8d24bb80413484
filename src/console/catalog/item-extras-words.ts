import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OptionDraftProblem, OptionProblem } from '@contract/rules/item-extras';
import { rowProblemText } from './row-problem';

// The words of contract/rules/item-extras.ts's problems, as the server says them (server/i18n/item-extras-messages.ts).
const problemWords: Record<OptionProblem, ReturnType<typeof msg>> = {
  steps_too_many: msg`Too many steps.`,
  step_id_invalid: msg`Each step needs its own positive id.`,
  step_name_required: msg`Enter the Persian and English name of every step.`,
  step_count_range: msg`A step's minimum and maximum are whole numbers from 0 up, the minimum not above the maximum.`,
  extras_too_many: msg`Too many extras.`,
  extra_step_unknown: msg`Choose the step of every extra from the list.`,
  extra_name_required: msg`Enter the Persian and English name of every extra.`,
  extra_price_range: msg`Enter the price of every extra as a whole number, 0 or more.`,
  extra_count_range: msg`An extra's minimum and maximum are whole numbers from 0 up, the minimum not above the maximum.`,
};

/** The words of the first problem of a row (`prefix`) or its fields, or ''. */
export const optionProblemText = (problems: readonly OptionDraftProblem[], prefix: string, i18n: I18n): string => rowProblemText(problems, prefix, problemWords, i18n);
