import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Language } from '@contract/enums';
import { CHAT_ERRORS } from '@contract/rules/chat';
import { SHOP_TIME_ZONE } from '@contract/rules/delivery-time';
import { NETWORK_ERROR } from '@machines/api-failure';
import type { InboxProblem } from '@machines/inbox-machine';

const locales: Record<Language, string> = { fa: 'fa-IR-u-ca-persian', en: 'en-GB' };

/** A message's date and time in the shop's time zone (Persian calendar and digits in fa). */
export function formatTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { timeZone: SHOP_TIME_ZONE, month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

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
