import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../contract/money';
import { formatNumber, type NumberStyle } from '../../contract/numbers';

// formatNumber writes what Intl.NumberFormat writes without building one (ICU's Persian data is slow
// to load on a phone): Intl is the oracle here.
const locales = { fa: 'fa-IR', en: 'en-US' } as const;
const styles: NumberStyle[] = [
  {},
  { maximumFractionDigits: 0 },
  { minimumFractionDigits: 5, maximumFractionDigits: 5, useGrouping: false },
  { minimumFractionDigits: 2 },
  { maximumFractionDigits: 1 },
];
const edges = [0, -0, 1, 5, 12, 123, 999, 1000, 1234, 12345, 999999, 1234567, 440000, 2 ** 53, 1e21, 1.5e22, -5, -1234, -2.5,
  0.5, 1.5, 2.5, 0.125, 0.1 + 0.2, 1.0005, 9.9995, 99.95, 0.00049, 0.0005, 1e-7, 1.5e-7, 35.123456, 51.5, -0.0001, 1234.5678];

function randomValues(count: number): number[] {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, (_, index) => {
    const magnitude = 10 ** Math.floor(next() * 12 - 4);
    const value = next() * magnitude * (index % 5 === 0 ? -1 : 1);
    return index % 3 === 0 ? Math.round(value) : index % 3 === 1 ? Number(value.toFixed(Math.floor(next() * 6))) : value;
  });
}

describe('formatNumber', () => {
  for (const language of ['fa', 'en'] as const) {
    it(`writes what Intl.NumberFormat('${locales[language]}') writes, for every style the storefront uses`, () => {
      for (const style of styles) {
        const intl = new Intl.NumberFormat(locales[language], style);
        for (const value of [...edges, ...randomValues(400)]) expect([value, style, formatNumber(value, language, style)]).toEqual([value, style, intl.format(value)]);
      }
    });
  }

  it('writes Persian digits and separators in fa and Western ones in en', () => {
    expect(formatNumber(1234567.25, 'fa')).toBe('۱٬۲۳۴٬۵۶۷٫۲۵');
    expect(formatNumber(1234567.25, 'en')).toBe('1,234,567.25');
    expect(formatNumber(-3, 'fa')).toBe('\u200E−۳');
  });

  it('money rounds half a toman away from zero, as the bill shows it', () => {
    expect(formatMoney(4_400_000, 'IRT', 'fa')).toBe('۴۴۰٬۰۰۰ تومان');
    expect(formatMoney(4_400_000, 'IRR', 'en')).toBe('4,400,000 rial');
  });
});
