import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { normalizeDigits, toPersianDigits } from '@contract/digits';
import { envelope, isSuccess } from '@contract/envelope';
import { integer, language, text } from '@contract/fields';
import { endpoints, isCode } from '@contract/api';
import { catalogEndpoints } from '@contract/endpoints/catalog';
import { startupEndpoints } from '@contract/endpoints/startup';

describe('digits', () => {
  it.each([
    ['۰۱۲۳۴۵۶۷۸۹', '0123456789'],
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    ['۰۹۱۲ ٣٤٥ 6789', '0912 345 6789'],
    ['no digits', 'no digits'],
  ])('Scenario: %s is normalised to Western digits', (input, expected) => {
    expect(normalizeDigits(input)).toBe(expected);
  });

  it('Scenario: Western digits display as Persian digits', () => {
    expect(toPersianDigits(1405)).toBe('۱۴۰۵');
    expect(normalizeDigits(toPersianDigits('24 cm'))).toBe('24 cm');
  });
});

describe('form fields', () => {
  it.each([
    ['3', 3],
    ['۳', 3],
    ['٣', 3],
    [' 12 ', 12],
    ['-1', -1],
    [7, 7],
  ])('Scenario: integer field parses %j', (input, expected) => {
    expect(v.parse(integer(), input)).toBe(expected);
  });

  it.each(['abc', '', '3.5', '1e3', '۳x'])('Scenario: integer field refuses %j', (input) => {
    expect(v.safeParse(integer(), input).success).toBe(false);
  });

  it('Scenario: text is trimmed and digit-normalised', () => {
    expect(v.parse(text(), '  ۰۹۱۲ ')).toBe('0912');
  });

  it('Scenario: language defaults to fa and accepts only fa or en', () => {
    const schema = v.object({ language: language() });
    expect(v.parse(schema, {})).toEqual({ language: 'fa' });
    expect(v.parse(schema, { language: 'en' })).toEqual({ language: 'en' });
    expect(v.safeParse(schema, { language: 'de' }).success).toBe(false);
  });
});

describe('envelope', () => {
  const reply = envelope(v.array(v.number()));

  it('Scenario: status true or ok both count as success', () => {
    expect(isSuccess(v.parse(reply, { status: true, result: 'ok', data: [1], message: null }))).toBe(true);
    expect(isSuccess(v.parse(reply, { status: 'ok', result: null, data: [], message: null }))).toBe(true);
    expect(isSuccess(v.parse(reply, { status: false, result: 'invalid_input', data: [], message: 'x', error_code: -1 }))).toBe(false);
  });

  it('Scenario: a reply whose data breaks the schema is refused', () => {
    expect(v.safeParse(reply, { status: true, result: 'ok', data: ['1'], message: null }).success).toBe(false);
  });
});

describe('endpoints', () => {
  it('Scenario: the startup codes are known and only those', () => {
    for (const code of ['get_shop', 'get_user_detail', 'get_cart', 'get_slides', 'get_banners', 'get_all_folders', 'get_all_conversations']) {
      expect(isCode(code)).toBe(true);
    }
    expect(isCode('toString')).toBe(false);
    expect(isCode('drop_tables')).toBe(false);
  });

  it('Scenario: of the startup codes only get_all_conversations needs a login; of the catalog codes only the favorites', () => {
    const gated = (group: Record<string, { login: boolean }>) => Object.entries(group).filter(([, endpoint]) => endpoint.login).map(([code]) => code);
    expect(gated(startupEndpoints)).toEqual(['get_all_conversations']);
    expect(gated(catalogEndpoints)).toEqual(['get_favorites', 'toggle_favorite']);
    expect(gated(endpoints)).toEqual(expect.arrayContaining(['get_all_conversations', 'get_favorites', 'toggle_favorite']));
  });
});
