import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CHAT_ERRORS } from '@contract/rules/chat';
import type { ApiFailure } from '@machines/api-failure';
import { failureText } from '../counter/counter-format';

/**
 * (Shared by the catalog's and the content screen's uploads; it lives with the later screens' texts.)
 * A picture upload's refusal in words: a file refused before sending (the rule's word, no message) in the
 * console's words, else the server's message (failureText).
 */
export function pictureFailureText(failure: ApiFailure | null, i18n: I18n): string {
  if (failure && !failure.message && failure.result === CHAT_ERRORS.fileType) return i18n._(msg`Choose a JPEG, PNG or WebP picture.`);
  if (failure && !failure.message && failure.result === CHAT_ERRORS.fileSize) return i18n._(msg`This picture is too big.`);
  return failureText(failure, i18n);
}
