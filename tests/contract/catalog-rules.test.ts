import { describe, expect, it } from 'vitest';
import { validateContact } from '@contract/contact';
import { displayAmount, formatMoney, toRial } from '@contract/money';
import { normalizeSearchText, searchWords, SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '@contract/search';
import { unitLabel } from '@contract/units';

describe('money formatting', () => {
  it('Scenario: a toman shop shows rial / 10 with Persian digits in fa', () => {
    expect(formatMoney(4_400_000, 'IRT', 'fa')).toBe('۴۴۰٬۰۰۰ تومان');
    expect(formatMoney(4_400_000, 'IRT', 'en')).toBe('440,000 toman');
  });
  it('Scenario: a rial shop shows the amount as stored', () => {
    expect(formatMoney(420_000, 'IRR', 'fa')).toBe('۴۲۰٬۰۰۰ ریال');
    expect(formatMoney(420_000, 'IRR', 'en')).toBe('420,000 rial');
  });
  it('Scenario: toman drops a fraction of a toman as the bill does, and typed amounts go back to rial', () => {
    expect(displayAmount(15, 'IRT')).toBe(1);
    expect(toRial(44_000, 'IRT')).toBe(440_000);
    expect(toRial(44_000, 'IRR')).toBe(44_000);
  });
});

describe('search folding', () => {
  it('Scenario: Arabic ي/ك, teh marbuta, ZWNJ and Persian/Arabic digits fold like the SQL translate()', () => {
    expect(normalizeSearchText('پيتزا كباب')).toBe('پیتزا کباب');
    expect(normalizeSearchText('سیب‌زمینی ۱۰ ١٠')).toBe('سیبزمینی 10 10');
    expect(normalizeSearchText('MOZZARELLA')).toBe('mozzarella');
    expect(searchWords('  rice   ١٠ ')).toEqual(['rice', '10']);
    expect([...SEARCH_FOLD_FROM].length - [...SEARCH_FOLD_TO].length).toBe(2);
  });
});

describe('contact validation and units', () => {
  it('Scenario: name, phone and email are required; phone may be typed in Persian digits', () => {
    expect(validateContact({ name: '', phone: '', email: '', message: '' })).toEqual({ name: 'required', phone: 'required', email: 'required' });
    expect(validateContact({ name: 'سارا', phone: '۰۹۱۲۱۲۳۴۵۶۷', email: 'sara@example.com', message: '' })).toEqual({});
    expect(validateContact({ name: 'سارا', phone: '12', email: 'sara@', message: '' })).toEqual({ phone: 'invalid', email: 'invalid' });
  });
  it('Scenario: every unit has a word in both languages', () => {
    expect(unitLabel('kg', 'fa')).toBe('کیلوگرم');
    expect(unitLabel('g', 'en')).toBe('g');
    expect(unitLabel('skewer', 'fa')).toBe('سیخ');
  });
});
