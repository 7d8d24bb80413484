import { describe, expect, it } from 'vitest';
import { hasNoCart } from '@machines/app-machine';
import { CLASSIFIEDS_INTERFACE } from '@contract/rules/ads';
import { shopFixture } from './fixtures';

describe('which shops show a cart', () => {
  it('Scenario: a classifieds shop has no cart icon nor «سبد خرید» (its ads are reached by chat), as a menu-only shop has none; a store has one', () => {
    expect(hasNoCart({ context: { shop: shopFixture } })).toBe(false);
    expect(hasNoCart({ context: { shop: { ...shopFixture, interface_id: CLASSIFIEDS_INTERFACE } } })).toBe(true);
    expect(hasNoCart({ context: { shop: { ...shopFixture, data: { ...shopFixture.data, use_as_menu: 1 } } } })).toBe(true);
  });
});
