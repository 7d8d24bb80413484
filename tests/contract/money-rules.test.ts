import { describe, expect, it } from 'vitest';
import { displayAmount, formatMoney } from '@contract/money';
import { moneyUnit, percentOf, splitWallet, wholeUnits } from '@contract/rules/money';

// Issue 10, defect 8: a bill deals in whole units of the shop's currency (a toman at IRT shops),
// and the SPA shows an amount with the same rounding, so it never shows another figure than the server's.

describe('the whole-unit money rule (contract/rules/money.ts)', () => {
  it('Scenario: a toman shop rounds every computed amount toward zero to whole toman; a rial shop to whole rial', () => {
    expect(moneyUnit('IRT')).toBe(10);
    expect(moneyUnit('IRR')).toBe(1);
    expect(wholeUnits(2_852_655, 'IRT')).toBe(2_852_650);
    expect(wholeUnits(2_852_655, 'IRR')).toBe(2_852_655);
    expect(wholeUnits(-2_852_655, 'IRT')).toBe(-2_852_650);
    expect(Object.is(wholeUnits(-5, 'IRT'), 0)).toBe(true);
    // 9 % tax of 2,479,500 rial is 223,155 rial: 223,150 at a toman shop, 223,155 at a rial shop.
    expect(percentOf(2_479_500, 9, 'IRT')).toBe(223_150);
    expect(percentOf(2_479_500, 9, 'IRR')).toBe(223_155);
  });

  it('Scenario: the wallet takes whole toman from an odd-rial balance, so what is left to pay is whole toman too', () => {
    expect(splitWallet(2_852_650, 1_000_005, 'IRT')).toEqual({ wallet: 1_000_000, payable: 1_852_650 });
    expect(splitWallet(2_852_650, 9_000_005, 'IRT')).toEqual({ wallet: 2_852_650, payable: 0 });
    expect(splitWallet(2_852_650, 1_000_005, 'IRR')).toEqual({ wallet: 1_000_005, payable: 1_852_645 });
    expect(splitWallet(2_852_650, -30, 'IRT')).toEqual({ wallet: 0, payable: 2_852_650 });
  });

  it('Scenario: the shown amount is the whole-unit amount: ۲۸۵٬۲۶۵ تومان for 2,852,655 rial, never ۲۸۵٬۲۶۶', () => {
    for (const rial of [2_852_655, 2_852_650, 2_852_659, 15, 5, 0, -2_852_655]) {
      expect(displayAmount(rial, 'IRT')).toBe(wholeUnits(rial, 'IRT') / 10);
      expect(displayAmount(rial, 'IRR')).toBe(rial);
    }
    expect(formatMoney(2_852_655, 'IRT', 'fa')).toBe('۲۸۵٬۲۶۵ تومان');
    expect(formatMoney(2_852_655, 'IRT', 'en')).toBe('285,265 toman');
    expect(formatMoney(2_852_650, 'IRT', 'fa')).toBe(formatMoney(2_852_655, 'IRT', 'fa'));
  });
});
