import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DetailDraftProblem, DetailProblem } from '@contract/rules/item-details';
import { rowProblemText } from './row-problem';

// The words of contract/rules/item-details.ts's problems, as the server says them (server/i18n/item-details-messages.ts).
const problemWords: Record<DetailProblem, ReturnType<typeof msg>> = {
  details_too_many: msg`Too many entries in this list.`,
  detail_name_required: msg`Enter the Persian and English name of every entry.`,
  colour_hex_invalid: msg`Enter the colour as #rrggbb, e.g. #c62828.`,
  code_too_long: msg`This product code is too long.`,
};

/** The words of the first problem of a row (`prefix`) or its fields, or ''. */
export const detailProblemText = (problems: readonly DetailDraftProblem[], prefix: string, i18n: I18n): string => rowProblemText(problems, prefix, problemWords, i18n);
