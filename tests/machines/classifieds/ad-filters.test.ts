import { describe, expect, it } from 'vitest';
import { activeFilterCount, draftFromQuery, draftProblems, emptyDraft, filtersOfDraft, queryOfDraft } from '@machines/classifieds/ad-filters';

describe('the ad list filters', () => {
  it('reads Persian digits and separators in a range and sends amounts in rial', () => {
    const draft = emptyDraft();
    draft.request = 'rent';
    draft.ranges.deposit = { min: '', max: '۵۰۰٬۰۰۰٬۰۰۰' };
    draft.ranges.meterage = { min: '۶۰', max: '120' };
    expect(draftProblems(draft, 'IRT')).toEqual({});
    expect(filtersOfDraft(draft, 'IRT')).toEqual({ request: 'rent', sort: 'newest', deposit: { max: 5_000_000_000 }, meterage: { min: 60, max: 120 } });
    expect(filtersOfDraft(draft, 'IRR').deposit).toEqual({ max: 500_000_000 });
  });

  it('names what is wrong with a range: inverted, not a number, out of bounds', () => {
    const draft = emptyDraft();
    draft.ranges.meterage = { min: '۲۰۰', max: '۵۰' };
    draft.ranges.rooms = { min: 'دو', max: '' };
    draft.ranges.build_year = { min: '1200', max: '' };
    expect(draftProblems(draft, 'IRT')).toEqual({ meterage: 'inverted', rooms: 'not_a_number', build_year: 'out_of_bounds' });
  });

  it('keeps the filters in the URL query and reads them back (a reload or a shared link shows the same list)', () => {
    const draft = emptyDraft();
    draft.request = 'sale';
    draft.type = 'apartment';
    draft.neighborhood = ' ونک ';
    draft.ranges.total_price = { min: '۱۰۰۰', max: '' };
    draft.sort = 'price_asc';
    const query = queryOfDraft(draft);
    expect(query).toBe('request=sale&type=apartment&neighborhood=%D9%88%D9%86%DA%A9&total_price_min=1000&sort=price_asc');
    const back = draftFromQuery(`?${query}`);
    expect(filtersOfDraft(back, 'IRT')).toEqual(filtersOfDraft(draft, 'IRT'));
    expect(activeFilterCount(back)).toBe(4);
  });

  it('leaves out what a broken link carries', () => {
    const draft = draftFromQuery('?request=steal&type=castle&sort=random&rooms_min=2');
    expect(draft.request).toBeNull();
    expect(draft.type).toBeNull();
    expect(draft.sort).toBe('newest');
    expect(draft.ranges.rooms.min).toBe('2');
  });
});
