import { describe, expect, it } from 'vitest';
import { lineMeasure, measureOf, pricedPer, quantityText } from '@contract/units';

// Issue 10, defect 9: an item sold by the 100 g is priced and counted by the 100 g.
describe('units and quantity steps', () => {
  it('Scenario: a price is per kg, per 100 g, or (pieces) per nothing', () => {
    expect(pricedPer(measureOf({ unit: 'kg' }), 'fa')).toBe('کیلوگرم');
    expect(pricedPer(measureOf({ unit: 'g', unit_step: 100 }), 'fa')).toBe('۱۰۰ گرم');
    expect(pricedPer(measureOf({ unit: 'g', unit_step: 100 }), 'en')).toBe('100 g');
    expect(pricedPer(measureOf({ unit: 'number' }), 'fa')).toBeNull();
  });

  it('Scenario: a line\'s quantity is its count times the step, with the unit; pieces are the bare number', () => {
    expect(quantityText(2, lineMeasure({ unit: 'g', unit_step: 100 }), 'fa')).toBe('۲۰۰ گرم');
    expect(quantityText(1, lineMeasure({ unit: 'kg' }), 'en')).toBe('1 kg');
    expect(quantityText(3, lineMeasure({ unit: 'skewer' }), 'fa')).toBe('۳ سیخ');
    expect(quantityText(12, lineMeasure({ unit: 'number' }), 'fa')).toBe('۱۲');
    // A line stored before steps existed, or with nonsense, counts in ones of a known unit.
    expect(quantityText(2, lineMeasure({}), 'en')).toBe('2');
    expect(quantityText(2, lineMeasure({ unit: 'litre', unit_step: -5 }), 'en')).toBe('2');
  });
});
