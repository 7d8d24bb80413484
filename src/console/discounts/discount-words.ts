import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DiscountCode } from '@contract/console/discount-entities';
import type { Currency, Language } from '@contract/enums';
import { formatMoney } from '@contract/money';
import { formatNumber } from '@contract/numbers';
import { DISCOUNT_CODE_LENGTH, DISCOUNT_PERCENT, type DiscountField, type DiscountProblem } from '@contract/rules/discount-codes';
import { formProblemText } from '../counter/counter-format';

/** A field's problem (contract/rules/discount-codes.ts) in words; the rule's bounds in the language's digits. */
export function discountProblemText(field: DiscountField, problem: DiscountProblem | undefined, i18n: I18n, language: Language, kind: DiscountCode['kind']): string {
  const number = (value: number) => formatNumber(value, language);
  switch (problem) {
    case 'code_characters':
      return i18n._(msg`Letters A–Z, digits, - or _ only.`);
    case 'end_before_start':
      return i18n._(msg`The end must be after the start.`);
    case 'not_a_date':
      return i18n._(msg`This date is not valid.`);
    case 'per_user_above_total':
      return i18n._(msg`Not above the limit in all.`);
    default:
      break;
  }
  if (field === 'code_text' && (problem === 'too_short' || problem === 'too_long')) {
    return i18n._(msg`${number(DISCOUNT_CODE_LENGTH.min)} to ${number(DISCOUNT_CODE_LENGTH.max)} characters.`);
  }
  if (field === 'value' && kind === 'percent' && problem !== 'required') return formProblemText('out_of_range', i18n, { min: number(DISCOUNT_PERCENT.min), max: number(DISCOUNT_PERCENT.max) });
  if (problem === 'out_of_range' || (problem === 'not_whole' && field !== 'value')) return i18n._(msg`A whole number, at least 1.`);
  if (field === 'value' && problem === 'not_whole') return i18n._(msg`Enter the amount.`);
  return formProblemText(problem, i18n);
}

/** What a code gives and under which rules, in one line: '20% up to 50,000 toman · orders from 100,000 toman · online payment only'. */
export function discountSummary(code: DiscountCode, i18n: I18n, currency: Currency, language: Language): string {
  const money = (rial: number) => formatMoney(rial, currency, language);
  const parts: string[] = [];
  const percent = formatNumber(code.value, language);
  if (code.kind === 'percent') parts.push(code.max_amount === null ? i18n._(msg`${percent}% off`) : i18n._(msg`${percent}% off, up to ${money(code.max_amount)}`));
  else parts.push(i18n._(msg`${money(code.value)} off`));
  if (code.min_order > 0) parts.push(i18n._(msg`orders from ${money(code.min_order)}`));
  if (code.first_order_only === 1) parts.push(i18n._(msg`first order only`));
  if (code.online_only === 1) parts.push(i18n._(msg`online payment only`));
  if (code.per_user_limit !== null) parts.push(i18n._(msg`${formatNumber(code.per_user_limit, language)} per customer`));
  return parts.join(' · ');
}

/** A moment in the console's language (Tehran's calendar is the browser's own; the date as the locale writes it). */
export const momentText = (iso: string, language: Language): string =>
  new Intl.DateTimeFormat(language === 'fa' ? 'fa-IR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
