import { describe, expect, it } from 'vitest';
import { PersianDigitsJalali } from '../../src/ui/pickers/persian-digits-jalali';
import { fromWire, toWire } from '../../src/ui/pickers/wall-clock';

// The fa pickers' adapter: the field shows what it formats and parses what it shows, so both must be Persian digits.
describe('the Jalali adapter with Persian digits', () => {
  const adapter = new PersianDigitsJalali();

  it('writes a date and a time in Persian digits and the Jalali calendar', () => {
    const at = fromWire('datetime', '2026-12-09T23:59')!;
    expect(adapter.formatByString(at, 'yyyy/MM/dd HH:mm')).toBe('۱۴۰۵/۰۹/۱۸ ۲۳:۵۹');
    expect(adapter.formatByString(at, 'MMMM yyyy')).toBe('آذر ۱۴۰۵');
  });

  it('reads back what it wrote (the field parses its sections\' text), giving the wire\'s value', () => {
    // The field joins its sections with spaces before parsing.
    expect(toWire('time', adapter.parse('۲۳ ۵۹', 'HH mm'))).toBe('23:59');
    expect(toWire('date', adapter.parse('۱۴۰۵ ۰۹ ۱۸', 'yyyy MM dd'))).toBe('2026-12-09');
    expect(toWire('datetime', adapter.parse('۱۴۰۵ ۰۹ ۱۸ ۱۰ ۰۰', 'yyyy MM dd HH mm'))).toBe('2026-12-09T10:00');
  });

  it('gives the four-digit year the length the field needs (it cannot tell a Persian year is zero-padded)', () => {
    expect(adapter.formatByString(adapter.setYear(adapter.date(), 1), 'yyyy').startsWith('0')).toBe(false);
    expect(adapter.formatTokenMap.yyyy).toEqual({ sectionType: 'year', contentType: 'digit', maxLength: 4 });
  });
});
