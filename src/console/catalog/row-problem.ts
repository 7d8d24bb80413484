import type { I18n, MessageDescriptor } from '@lingui/core';

/** The words of the first problem of the field `prefix` or the fields under it (extras.0 covers extras.0.price), or ''. */
export function rowProblemText<P extends string>(problems: readonly { field: string; problem: P }[], prefix: string, words: Record<P, MessageDescriptor>, i18n: I18n): string {
  const found = problems.find((problem) => problem.field === prefix || problem.field.startsWith(`${prefix}.`));
  return found ? i18n._(words[found.problem]) : '';
}
