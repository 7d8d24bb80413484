import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CHAT_ERRORS } from '@contract/rules/chat';
import { NETWORK_ERROR } from '@machines/api-failure';
import type { InboxProblem } from '@machines/console/inbox-machine';

/** A reply's problem in words: spec §5's rules as the customer's chat words them, or the server's message. */
export function replyProblemText(problem: InboxProblem | null, i18n: I18n): string {
  if (!problem) return '';
  if (problem.kind === 'rule') {
    switch (problem.result) {
      case CHAT_ERRORS.messageRequired:
        return i18n._(msg`Please enter your message`);
      case CHAT_ERRORS.fileRequired:
        return i18n._(msg`Please choose your file`);
      case CHAT_ERRORS.fileType:
        return i18n._(msg`Unauthorized file type`);
      case CHAT_ERRORS.fileSize:
        return i18n._(msg`Unauthorized file size`);
      default:
        return i18n._(msg`The message could not be sent.`);
    }
  }
  if (problem.result === NETWORK_ERROR || problem.result === 'network' || problem.result === 'timeout' || !problem.message) {
    return i18n._(msg`The server could not be reached; check the connection and try again.`);
  }
  return problem.message;
}
