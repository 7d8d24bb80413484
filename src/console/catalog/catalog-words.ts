import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CatalogProblem, DraftProblem } from '@contract/rules/catalog-edit';

// The words of contract/rules/catalog-edit.ts's problems, as the server says them (server/i18n/catalog-edit-messages.ts).
const problemWords: Record<CatalogProblem, ReturnType<typeof msg>> = {
  name_required: msg`Enter the Persian name.`,
  name_en_required: msg`Enter the English name.`,
  name_too_long: msg`This name is too long.`,
  description_too_long: msg`This description is too long.`,
  unit_unknown: msg`Choose the unit from the list.`,
  unit_step_range: msg`The unit step is a whole number from 1 up.`,
  price_range: msg`Enter the price as a whole number, 0 or more.`,
  folder_required: msg`Choose the folder of the item.`,
  sizes_too_many: msg`Too many sizes.`,
  size_name_required: msg`Enter the Persian and English name of every size.`,
  size_price_range: msg`Enter the price of every size as a whole number, 0 or more.`,
  color_invalid: msg`Enter the colour as #rrggbb, like #f5e6d3.`,
};

/** The words of a field's first problem, or '' when it has none. */
export function problemText(problems: readonly DraftProblem[], field: string, i18n: I18n): string {
  const found = problems.find((problem) => problem.field === field);
  return found ? i18n._(problemWords[found.problem]) : '';
}
