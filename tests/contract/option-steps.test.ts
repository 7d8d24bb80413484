import { describe, expect, it } from 'vitest';
import { canDecrement, canIncrement, optionsOutOfBounds, startingCount, stepsOutOfBounds, stepTotal, type OptionChoice } from '@contract/rules/option-steps';

// Sauces in one step (1 to 3 in total); a topping step (0 to 1) whose one option may not go below 0.
const sauces = { id: 1, min_count: 1, max_count: 3 };
const toppings = { id: 2, min_count: 0, max_count: 1 };
const garlic = { id: 11, step: 1, min_count: 0, max_count: 2 };
const ketchup = { id: 12, step: 1, min_count: 1, max_count: 3 };
const cheese = { id: 21, step: 2, min_count: 0, max_count: 1 };
const choice = (counts: Record<number, number>): OptionChoice => ({ options: [garlic, ketchup, cheese], steps: [sauces, toppings], counts });

describe('option and step bounds (spec §4), shared by the item page and cart_controller', () => {
  it('a step total adds the counts of its own options only; an option not counted is 0', () => {
    expect(stepTotal(choice({ 11: 2, 12: 1, 21: 1 }), 1)).toBe(3);
    expect(stepTotal(choice({ 11: 2, 21: 1 }), 1)).toBe(2);
    expect(stepTotal(choice({}), 2)).toBe(0);
    expect(stepTotal(choice({ 11: 2 }), 99)).toBe(0);
  });

  it('one more fits below both the option\'s max_count and the step\'s max_count', () => {
    expect(canIncrement(choice({ 11: 1, 12: 1 }), 11)).toBe(true);
    expect(canIncrement(choice({ 11: 2, 12: 0 }), 11)).toBe(false); // option at its max
    expect(canIncrement(choice({ 11: 1, 12: 2 }), 11)).toBe(false); // step at its max
    expect(canIncrement(choice({ 11: 1, 12: 2 }), 21)).toBe(true); // another step has room
    expect(canIncrement(choice({ 21: 1 }), 21)).toBe(false);
    expect(canIncrement(choice({}), 999)).toBe(false); // unknown option
  });

  it('an option whose step is not defined is bounded by its own max only', () => {
    const loose: OptionChoice = { options: [{ id: 5, step: 7, min_count: 0, max_count: 2 }], steps: [], counts: { 5: 1 } };
    expect(canIncrement(loose, 5)).toBe(true);
    expect(canIncrement({ ...loose, counts: { 5: 2 } }, 5)).toBe(false);
  });

  it('one fewer only above the option\'s min_count', () => {
    expect(canDecrement(choice({ 12: 2 }), 12)).toBe(true);
    expect(canDecrement(choice({ 12: 1 }), 12)).toBe(false);
    expect(canDecrement(choice({}), 11)).toBe(false);
    expect(canDecrement(choice({ 11: 1 }), 999)).toBe(false);
  });

  it('options outside their own bounds are named in order', () => {
    expect(optionsOutOfBounds(choice({ 11: 1, 12: 1 }))).toEqual([]);
    expect(optionsOutOfBounds(choice({ 11: 3, 12: 0 }))).toEqual([garlic, ketchup]);
    expect(optionsOutOfBounds(choice({ 11: -1, 12: 1, 21: 2 }))).toEqual([garlic, cheese]);
  });

  it('steps outside their bounds say which bound and the total; a step without options binds nothing', () => {
    expect(stepsOutOfBounds(choice({ 12: 1 }))).toEqual([]);
    expect(stepsOutOfBounds(choice({ 11: 0, 12: 0 }))).toEqual([{ step: sauces, bound: 'min', total: 0 }]);
    expect(stepsOutOfBounds(choice({ 11: 2, 12: 2, 21: 2 }))).toEqual([
      { step: sauces, bound: 'max', total: 4 },
      { step: toppings, bound: 'max', total: 2 },
    ]);
    const unused = { id: 3, min_count: 2, max_count: 5 };
    expect(stepsOutOfBounds({ ...choice({ 12: 1 }), steps: [sauces, toppings, unused] })).toEqual([]);
  });

  it('an option starts at its default count brought within its bounds', () => {
    expect(startingCount({ count: 0, min_count: 1, max_count: 3 })).toBe(1);
    expect(startingCount({ count: 5, min_count: 1, max_count: 3 })).toBe(3);
    expect(startingCount({ count: 2, min_count: 1, max_count: 3 })).toBe(2);
  });
});
