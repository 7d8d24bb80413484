import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ShopHoursProblem } from '@contract/rules/shop-hours';

/** A shop setting's rule problem in words (the server words the same problems for its refusal). */
export function settingProblemText(problem: ShopHoursProblem | undefined, i18n: I18n): string {
  switch (problem) {
    case undefined:
      return '';
    case 'required':
      return i18n._(msg`This field is required.`);
    case 'invalid_time':
      return i18n._(msg`This is not a valid time.`);
    case 'same_time':
      return i18n._(msg`Closing cannot be the same as opening.`);
    case 'in_the_past':
      return i18n._(msg`This time has passed; choose a time to come.`);
  }
}
