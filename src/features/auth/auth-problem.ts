import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { AuthProblem } from '@machines/auth-machine';

const texts = {
  'phone-required': msg`The phone number is required`,
  'phone-invalid': msg`Enter a valid mobile number, e.g. 09121234567`,
  'code-required': msg`The verification code is required`,
  'name-required': msg`Your full name is required`,
};

/** The words for a problem of the login flow: local rules from the catalog, server problems as sent. */
export function problemText(i18n: I18n, problem: AuthProblem | null): string | null {
  if (!problem) return null;
  if (problem.kind === 'server' || problem.kind === 'code-expired') return problem.message;
  return i18n._(texts[problem.kind]);
}
