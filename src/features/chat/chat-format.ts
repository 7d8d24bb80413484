import type { Language } from '@contract/enums';
import { SHOP_TIME_ZONE } from '@contract/rules/delivery-time';

const locales: Record<Language, string> = { fa: 'fa-IR-u-ca-persian', en: 'en-GB' };

/** A message's date and time in the shop's time zone (Persian calendar and digits in fa). */
export function formatMessageTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(locales[language], { timeZone: SHOP_TIME_ZONE, month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}
