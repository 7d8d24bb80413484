import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AdFiltersSchema, AdObjectSchema } from '@contract/endpoints/ads';
import { adForRequest, adMissing, type AdDraft } from '@contract/rules/ads';

const flat: AdDraft = {
  request: 'sale',
  type: 'apartment',
  title: 'آپارتمان ۸۵ متری نوساز',
  province: 'تهران',
  city: 'تهران',
  neighborhood: 'ونک',
  meterage: 85,
  total_price: 12_000_000_000,
  picture_ids: [],
  location: { lat: 35.757, lng: 51.41 },
};

describe('an ad: what its request needs (one rule for the wizard and the server)', () => {
  it('Scenario: a complete sale lacks nothing; a sale without a price lacks it', () => {
    expect(adMissing(flat)).toEqual([]);
    expect(adMissing({ ...flat, total_price: null })).toEqual(['total_price']);
  });

  it('Scenario: a rent needs a deposit and a monthly rent, one of which may be 0 but not both', () => {
    const rent = { ...flat, request: 'rent' as const, total_price: null };
    expect(adMissing(rent)).toEqual(['deposit', 'monthly_rent']);
    expect(adMissing({ ...rent, deposit: 0, monthly_rent: 25_000_000 })).toEqual([]);
    expect(adMissing({ ...rent, deposit: 0, monthly_rent: 0 })).toEqual(['monthly_rent']);
  });

  it('Scenario: a shop needs its business class; a partnership what the partner is sought for; a blank title is missing', () => {
    expect(adMissing({ ...flat, type: 'shop' })).toEqual(['business_class']);
    expect(adMissing({ ...flat, request: 'partnership', total_price: null })).toEqual(['partnership_for']);
    expect(adMissing({ ...flat, title: '   ' })).toEqual(['title']);
  });

  it('Scenario: a sale keeps no rent fields and a flat no business class', () => {
    const kept = adForRequest({ ...flat, deposit: 5, monthly_rent: 6, business_class: 'food' });
    expect([kept.deposit, kept.monthly_rent, kept.business_class, kept.total_price]).toEqual([null, null, null, flat.total_price]);
  });

  it('Scenario: the ad object reads Persian digits; the filters refuse an inverted range', () => {
    const parsed = v.parse(AdObjectSchema, { ...flat, meterage: '۸۵', total_price: '۱۲۰۰۰۰۰۰۰۰۰' });
    expect([parsed.meterage, parsed.total_price]).toEqual([85, 12_000_000_000]);
    expect(v.safeParse(AdFiltersSchema, { meterage: { min: 100, max: 50 } }).success).toBe(false);
    expect(v.parse(AdFiltersSchema, { meterage: { min: '۵۰', max: '100' } }).meterage).toEqual({ min: 50, max: 100 });
  });
});
