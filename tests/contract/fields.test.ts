import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { normalizeDigits, toPersianDigits } from '@contract/digits';
import { envelope, isSuccess } from '@contract/envelope';
import { blankAsAbsent, blankOr, id, integer, language, money, smallint, text, verbatim } from '@contract/fields';
import { INT4, MULTIPART_FIELD_BYTES, SMALLINT, TEXT_MAX } from '@contract/rules/limits';
import { endpoints, isCode } from '@contract/api';
import { chatEndpoints } from '@contract/endpoints/chat';
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

  it.each([
    ['integer (int4)', integer(), INT4.min, INT4.max],
    ['smallint', smallint(), SMALLINT.min, SMALLINT.max],
    ['id', id(), 0, INT4.max],
  ])('Scenario: %s takes its column\'s range and refuses one beyond either end', (_label, schema, min, max) => {
    expect(v.parse(schema, String(min))).toBe(min);
    expect(v.parse(schema, String(max))).toBe(max);
    expect(v.safeParse(schema, String(min - 1)).success).toBe(false);
    expect(v.safeParse(schema, String(max + 1)).success).toBe(false);
  });

  it('Scenario: money (a bigint column) takes any safe integer, not 2^53', () => {
    expect(v.parse(money(), '2147483648')).toBe(2_147_483_648);
    expect(v.safeParse(money(), '9007199254740993').success).toBe(false);
  });

  it('Scenario: text refuses control characters; multi-line text keeps tab and line breaks only', () => {
    for (const value of ['a\u0000b', 'a\u0007b', 'a\u007fb', 'a\nb', 'a\tb']) expect(v.safeParse(text(), value).success).toBe(false);
    expect(v.parse(text({ multiline: true }), 'سلام\r\nخوبی؟\tممنون')).toBe('سلام\r\nخوبی؟\tممنون');
    expect(v.safeParse(text({ multiline: true }), 'a\u0000b').success).toBe(false);
    expect(v.safeParse(verbatim(), 'a\u001bb').success).toBe(false);
  });

  it('Scenario: text has a maximum length (default and given), counted after trimming', () => {
    expect(v.parse(text(), ` ${'a'.repeat(TEXT_MAX.default)} `)).toHaveLength(TEXT_MAX.default);
    expect(v.safeParse(text(), 'a'.repeat(TEXT_MAX.default + 1)).success).toBe(false);
    expect(v.safeParse(text({ max: 5 }), 'ابپتثج').success).toBe(false);
  });

  it('Scenario: verbatim text is kept as sent (no digit normalising, no trim)', () => {
    expect(v.parse(verbatim(), ' سس ۲ ')).toBe(' سس ۲ ');
  });

  it('Scenario: a blank optional number reads as absent, or as its fallback', () => {
    const schema = v.object({ cat_id: blankAsAbsent(id()), page: blankOr(integer(), 1) });
    expect(v.parse(schema, { cat_id: '', page: ' ' })).toEqual({ cat_id: undefined, page: 1 });
    expect(v.parse(schema, {})).toEqual({ page: 1 });
    expect(v.parse(schema, { cat_id: '۷', page: '3' })).toEqual({ cat_id: 7, page: 3 });
    expect(v.safeParse(schema, { cat_id: 'abc' }).success).toBe(false);
    expect(v.safeParse(schema, { cat_id: '2147483648' }).success).toBe(false);
  });

  it('Scenario: a text at its cap always fits one multipart field (the parser refuses longer fields)', () => {
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    for (const max of Object.values(TEXT_MAX)) expect(max * 3).toBeLessThan(MULTIPART_FIELD_BYTES);
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

  it('Scenario: no startup code needs a login, every chat code does; of the catalog codes only the favorites', () => {
    const gated = (group: Record<string, { login: boolean }>) => Object.entries(group).filter(([, endpoint]) => endpoint.login).map(([code]) => code);
    expect(gated(startupEndpoints)).toEqual([]);
    expect(gated(chatEndpoints)).toEqual(Object.keys(chatEndpoints));
    expect(gated(catalogEndpoints)).toEqual(['get_favorites', 'toggle_favorite']);
    expect(gated(endpoints)).toEqual(expect.arrayContaining(['get_all_conversations', 'get_favorites', 'toggle_favorite']));
  });
});
