import { describe, expect, it } from 'vitest';
import { fromWire, toWire, type PickerKind } from '../../src/ui/pickers/wall-clock';

// The pickers edit Dates in the browser's zone; the server takes Tehran wall-clock texts. The conversion keeps the
// wall clock as it is, whatever zone the browser is in (checked with TZ=America/New_York and TZ=Asia/Tehran too).
describe('picker values and the wire\'s wall-clock texts', () => {
  const cases: [PickerKind, string][] = [
    ['time', '00:00'],
    ['time', '12:30'],
    ['time', '23:59'],
    ['date', '2026-12-07'],
    ['date', '2027-03-21'],
    ['datetime', '2026-12-31T23:45'],
    ['datetime', '2027-03-22T00:00'],
  ];

  it('reads each wire text into a Date with the same wall-clock fields and writes it back unchanged', () => {
    for (const [kind, text] of cases) expect([kind, toWire(kind, fromWire(kind, text))]).toEqual([kind, text]);
    const at = fromWire('datetime', '2026-12-31T23:45')!;
    expect([at.getFullYear(), at.getMonth() + 1, at.getDate(), at.getHours(), at.getMinutes()]).toEqual([2026, 12, 31, 23, 45]);
  });

  it('keeps the date a picker chose whatever hour it carries, and the time whatever day', () => {
    expect(toWire('date', new Date(2026, 11, 7, 0, 0))).toBe('2026-12-07');
    expect(toWire('date', new Date(2026, 11, 7, 23, 59))).toBe('2026-12-07');
    expect(toWire('time', new Date(2031, 5, 1, 7, 5))).toBe('07:05');
  });

  it('gives no Date for an empty or malformed text, \'\' for a cleared picker and nothing while a value is half typed', () => {
    for (const [kind, text] of [['time', ''], ['time', '7:5'], ['date', '1405/09/16'], ['datetime', '2026-12-07 12:00']] as [PickerKind, string][]) {
      expect(fromWire(kind, text)).toBeNull();
    }
    expect(toWire('time', null)).toBe('');
    expect(toWire('date', new Date(Number.NaN))).toBeNull();
  });

  it('sends nothing while a year is typed digit by digit (its first digit already makes a valid date), then the date', () => {
    const typing = (year: number) => {
      const at = new Date(2026, 11, 9, 12);
      at.setFullYear(year);
      return at;
    };
    for (const year of [2, 20, 202]) {
      expect(toWire('date', typing(year))).toBeNull();
      expect(toWire('datetime', typing(year))).toBeNull();
    }
    expect(toWire('date', typing(2026))).toBe('2026-12-09');
  });
});
