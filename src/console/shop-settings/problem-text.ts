import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ShopAreaProblem } from '@contract/rules/shop-area';
import type { ShopDeliveryProblem } from '@contract/rules/shop-delivery';
import type { ShopHoursProblem } from '@contract/rules/shop-hours';

/** A shop setting's rule problem in words (the server words the same problems for its refusal). */
export function settingProblemText(problem: ShopHoursProblem | ShopDeliveryProblem | ShopAreaProblem | undefined, i18n: I18n): string {
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
    case 'too_long':
      return i18n._(msg`This is too long.`);
    case 'not_whole':
      return i18n._(msg`Enter a whole number.`);
    case 'out_of_range':
      return i18n._(msg`This amount is out of range.`);
    case 'none_on':
      return i18n._(msg`At least one delivery method must be on.`);
    case 'not_unique':
      return i18n._(msg`Each delivery method may appear once.`);
    case 'not_number':
      return i18n._(msg`Enter a number.`);
    case 'outside_map':
      return i18n._(msg`Outside the area where distances are measured (latitude 30 to 40, longitude 40 to 60).`);
    case 'branch_twice':
      return i18n._(msg`Each branch may appear once.`);
  }
}
