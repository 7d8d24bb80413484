import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CHAT_ERRORS } from '@contract/rules/chat';

/** Spec §5's words for the chat's refusals (fa is the spec's own text). */
const RULE_TEXT = {
  [CHAT_ERRORS.nameRequired]: msg`The user name must not be empty`,
  [CHAT_ERRORS.messageRequired]: msg`Please enter your message`,
  [CHAT_ERRORS.fileRequired]: msg`Please choose your file`,
  [CHAT_ERRORS.fileType]: msg`Unauthorized file type`,
  [CHAT_ERRORS.fileSize]: msg`Unauthorized file size`,
};

/** What to show for a refused send: a rule checked here in the visitor's language, or the server's own (localised) words. */
export function problemText(i18n: I18n, problem: { kind: 'rule'; result: keyof typeof RULE_TEXT } | { kind: 'server'; result: string; message: string }): string {
  if (problem.kind === 'rule') return i18n._(RULE_TEXT[problem.result]);
  if (problem.message) return problem.message;
  return problem.result in RULE_TEXT ? i18n._(RULE_TEXT[problem.result as keyof typeof RULE_TEXT]) : i18n._(msg`An error occurred`);
}
