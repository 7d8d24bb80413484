import type { Language } from '@contract/enums';
import { SHOP_TIME_ZONE } from '@contract/rules/delivery-time';

// Jalali (persian calendar) with Persian digits in fa; Gregorian in en. Always Tehran time, like the shop.
const locales: Record<Language, string> = { fa: 'fa-IR-u-ca-persian', en: 'en-GB' };

/** The calendar date of an instant: '۱۴۰۵/۰۹/۰۱' in fa, '22/11/2026' in en (Tehran). */
export function formatOrderDate(iso: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** The wall-clock time of an instant: '۰۶:۴۱' in fa, '06:41' in en (Tehran). */
export function formatOrderTime(iso: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { timeZone: SHOP_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/**
 * A wall-clock Tehran date and time ('YYYY-MM-DD', 'HH:mm') as an instant, so a
 * pre-order time can be shown in the visitor's calendar. Tehran has no DST (UTC+3:30).
 */
export function tehranInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+03:30`);
}
