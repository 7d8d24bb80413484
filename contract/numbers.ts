import { normalizeDigits, toPersianDigits } from './digits';
import type { Language } from './enums';

/** The options of Intl.NumberFormat the storefront uses (a decimal number, grouped or not). */
export interface NumberStyle {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  useGrouping?: boolean;
}

// fa-IR's symbols as ICU writes them. Intl.NumberFormat itself is not used: building the first
// fa-IR formatter loads ICU's Persian data, ~35 ms of a phone's main thread on every startup.
const symbols: Record<Language, { group: string; decimal: string; minus: string }> = {
  fa: { group: '\u066C', decimal: '\u066B', minus: '\u200E\u2212' },
  en: { group: ',', decimal: '.', minus: '-' },
};

/** The shortest decimal that reads back as `value` (≥ 0, finite), without an exponent. */
function plainDecimal(value: number): string {
  const text = String(value);
  const exponent = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const digits = exponent[1] + (exponent[2] ?? '');
  const point = 1 + Number(exponent[3]);
  return point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : digits.padEnd(point, '0');
}

/** A string of digits plus one, as a string ('0999' → '1000'). */
function increment(digits: string): string {
  let index = digits.length - 1;
  while (index >= 0 && digits[index] === '9') index -= 1;
  if (index < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, index) + String(Number(digits[index]) + 1) + '0'.repeat(digits.length - index - 1);
}

/** Integer and fraction digits of |value| rounded half away from zero, as Intl rounds. */
function rounded(value: number, minFraction: number, maxFraction: number): [string, string] {
  const [whole, fraction = ''] = plainDecimal(value).split('.');
  let integer = whole;
  let kept = fraction.slice(0, maxFraction);
  if (fraction.length > maxFraction && fraction[maxFraction] >= '5') {
    const carried = increment(integer + kept);
    integer = carried.slice(0, carried.length - kept.length);
    kept = carried.slice(carried.length - kept.length);
  }
  kept = kept.replace(/0+$/, '').padEnd(minFraction, '0');
  return [integer, kept];
}

/**
 * The one number formatter of everything shown to a person, in the SPA and in the server's
 * messages: Persian digits and separators in fa (spec §1), Western in en — the same text as
 * Intl.NumberFormat('fa-IR' | 'en-US', style) (a test compares them).
 */
export function formatNumber(value: number, language: Language, style: NumberStyle = {}): string {
  if (!Number.isFinite(value)) return new Intl.NumberFormat(language === 'fa' ? 'fa-IR' : 'en-US', style).format(value);
  const { useGrouping = true } = style;
  const maxFraction = style.maximumFractionDigits ?? Math.max(style.minimumFractionDigits ?? 0, 3);
  const minFraction = style.minimumFractionDigits ?? 0;
  const { group, decimal, minus } = symbols[language];
  const [integer, fraction] = rounded(Math.abs(value), minFraction, maxFraction);
  const grouped = useGrouping ? integer.replace(/\B(?=(\d{3})+$)/g, group) : integer;
  const text = (value < 0 || Object.is(value, -0) ? minus : '') + grouped + (fraction ? decimal + fraction : '');
  return language === 'fa' ? toPersianDigits(text) : text;
}

// A Latin code: a run of ASCII letters, digits and the marks codes and links use, holding at least one letter.
const LATIN_CODE = /[A-Za-z0-9][A-Za-z0-9_\-./:@#?=&%+~]*/g;
const HAS_LETTER = /[A-Za-z]/;

/**
 * The one display rule for digits in text (codes, phone numbers, times, what someone typed, stored with Western
 * digits because the client folds them before sending): in fa every digit becomes Persian, except inside a Latin code
 * (a bank reference «SBMX59CHMF», a gateway's id, a link), which is shown verbatim; en keeps the text as it is.
 */
export function localDigits(text: string, language: Language): string {
  if (language !== 'fa') return text;
  return text.replace(LATIN_CODE, (run) => (HAS_LETTER.test(run) ? run : toPersianDigits(run)));
}

/** A latitude or longitude one way: a decimal of five places (about a metre) in the language's digits and mark. */
export function formatCoordinate(value: number, language: Language): string {
  return formatNumber(value, language, { useGrouping: false, minimumFractionDigits: 5, maximumFractionDigits: 5 });
}

/** A point's coordinates: latitude, then longitude, joined by «، » in fa and ", " in en. */
export function formatCoordinates(lat: number, lng: number, language: Language): string {
  return `${formatCoordinate(lat, language)}${language === 'fa' ? '، ' : ', '}${formatCoordinate(lng, language)}`;
}

// What a typed number may hold besides digits: spaces and the thousands marks of both languages.
const TYPED_GROUPING = /[\s,\u066C\u060C]/g;

/** A typed number's text as plain Western digits: Persian or Arabic digits folded, spaces and thousands marks dropped. */
export function typedDigits(text: string): string {
  return normalizeDigits(text).replace(TYPED_GROUPING, '');
}

/**
 * A number as someone types it (an amount in rial), grouped as it is typed: «۱۲٬۰۰۰٬۰۰۰» in fa, "12,000,000" in en.
 * Text that is no whole number stays as typed (in the language's digits), so its field can say what is wrong.
 */
export function groupTypedNumber(text: string, language: Language): string {
  const plain = typedDigits(text);
  if (!/^\d{1,15}$/.test(plain)) return localDigits(text, language);
  return formatNumber(Number(plain), language);
}
