import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { AdSort } from '@contract/rules/ads';
import type { RangeField, RangeProblem } from '@machines/classifieds/ad-filters';
import type { ReportProblem } from '@machines/classifieds/ad-detail-machine';
import { AD_LIMITS } from '@contract/rules/ads';
import { formatNumber } from '@/ui/format';

/** The words of the ad's choices and labels (spec §1, §3), in the visitor's language. */
export const SORT_TEXTS: Record<AdSort, MessageDescriptor> = {
  newest: msg`Newest`,
  price_asc: msg`Cheapest first`,
  price_desc: msg`Most expensive first`,
};

export const RANGE_TEXTS: Record<RangeField, MessageDescriptor> = {
  total_price: msg`Total price`,
  deposit: msg`Deposit`,
  monthly_rent: msg`Monthly rent`,
  meterage: msg`Meterage (m²)`,
  rooms: msg`Rooms`,
  build_year: msg`Build year`,
};

const RANGE_PROBLEM_TEXTS: Record<RangeProblem, MessageDescriptor> = {
  not_a_number: msg`Type a whole number`,
  out_of_bounds: msg`This number is out of range`,
  inverted: msg`The minimum is above the maximum`,
};
export const rangeProblemText = (i18n: I18n, problem: RangeProblem): string => i18n._(RANGE_PROBLEM_TEXTS[problem]);

/** A report's problem: the rule's bounds in the visitor's digits, or the server's words. */
export function reportProblemText(i18n: I18n, problem: ReportProblem): string {
  if (problem.kind === 'server') return problem.message;
  const language = i18n.locale === 'en' ? 'en' : 'fa';
  const min = formatNumber(AD_LIMITS.reportReason.min, language);
  const max = formatNumber(AD_LIMITS.reportReason.max, language);
  return problem.rule === 'reason_short' ? i18n._(msg`Write at least ${min} characters`) : i18n._(msg`Write at most ${max} characters`);
}

/** How long ago, in the visitor's digits ("3 hours ago"). */
export function timeAgo(i18n: I18n, iso: string, now = Date.now()): string {
  const language = i18n.locale === 'en' ? 'en' : 'fa';
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return i18n._(msg`Just now`);
  const count = (value: number) => formatNumber(value, language);
  if (minutes < 60) {
    const n = count(minutes);
    return i18n._(msg`${n} minutes ago`);
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const n = count(hours);
    return i18n._(msg`${n} hours ago`);
  }
  const n = count(Math.floor(hours / 24));
  return i18n._(msg`${n} days ago`);
}
