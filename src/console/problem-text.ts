import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { NETWORK_ERROR } from '@machines/api-failure';
import type { ConsoleProblem } from '@machines/console/console-machine';

/** What to tell the operator: the local rule's words, the server's localised message, or a network failure's. */
export function problemText(problem: ConsoleProblem | null, i18n: I18n): string {
  if (!problem) return '';
  if (problem.kind === 'credentials-required') return i18n._(msg`Enter your username and password.`);
  const { result, message } = problem.failure;
  if (result === NETWORK_ERROR || result === 'network' || result === 'timeout' || !message) return i18n._(msg`The server could not be reached; check the connection and try again.`);
  return message;
}
