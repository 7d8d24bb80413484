import { describe, expect, it } from 'vitest';
import type { FormQuestion } from '@contract/entities/form';
import { localizeForm } from '@contract/forms/definition';
import { FRANCHISE_FORM_ID, FRANCHISE_LIMITS, FRANCHISE_QUESTIONS, PROPERTY_CLASSES, franchiseForm } from '@contract/forms/franchise';
import { checkAnswer, nextQuestionId, questionById } from '@contract/rules/questionnaire';

const fa = localizeForm(franchiseForm, 'fa');
const en = localizeForm(franchiseForm, 'en');
const Q = FRANCHISE_QUESTIONS;
const the = (id: number): FormQuestion => {
  const found = questionById(fa, id);
  if (!found) throw new Error(`no question ${id}`);
  return found;
};
const accepts = (id: number, input: string) => checkAnswer(the(id), input).valid;
const chars = (count: number) => 'ک'.repeat(count);

/** [question, input, accepted] at the edges of spec §5 and §9. */
const edges: [string, number, string, boolean][] = [
  ['age', Q.age, '17', false],
  ['age', Q.age, '18', true],
  ['age', Q.age, '100', true],
  ['age', Q.age, '101', false],
  ['age', Q.age, '۱۸', true],
  ['age', Q.age, '18.5', false],
  ['mobile', Q.mobile, '8999999999', false],
  ['mobile', Q.mobile, '9000000000', true],
  ['mobile', Q.mobile, '9900000000', true],
  ['mobile', Q.mobile, '9900000001', false],
  ['mobile', Q.mobile, '09121234567', true],
  ['mobile', Q.mobile, '۰۹۱۲۱۲۳۴۵۶۷', true],
  ['experience', Q.experience, chars(9), false],
  ['experience', Q.experience, chars(10), true],
  ['experience', Q.experience, chars(150), true],
  ['experience', Q.experience, chars(151), false],
  ['address', Q.address, chars(19), false],
  ['address', Q.address, chars(20), true],
  ['address', Q.address, chars(150), true],
  ['address', Q.address, chars(151), false],
  ['ceiling', Q.ceiling, '3.99', false],
  ['ceiling', Q.ceiling, '4', true],
  ['ceiling', Q.ceiling, '۴٫۵', true],
  ['ducts', Q.ducts, '1', false],
  ['ducts', Q.ducts, '2', true],
  ['amperage', Q.amperage, '34', false],
  ['amperage', Q.amperage, '35', true],
  ['lease', Q.lease, '2', false],
  ['lease', Q.lease, '3', true],
];

describe('franchise form: the spec limits at their edges', () => {
  it('is form 1, a submit_form form', () => {
    expect(fa.id).toBe(FRANCHISE_FORM_ID);
    expect(FRANCHISE_FORM_ID).toBe(1);
    expect(fa.kind).toBe('form');
  });

  it.each(edges)('%s %s → %s', (_name, id, input, accepted) => {
    expect(accepts(id, input)).toBe(accepted);
  });

  it('the limits are the spec\'s', () => {
    expect(FRANCHISE_LIMITS.age).toEqual({ min: 18, max: 100 });
    expect(FRANCHISE_LIMITS.mobile).toEqual({ min: 9_000_000_000, max: 9_900_000_000 });
    expect(FRANCHISE_LIMITS.experience).toEqual({ min: 10, max: 150 });
    expect(FRANCHISE_LIMITS.address).toEqual({ min: 20, max: 150 });
    expect(FRANCHISE_LIMITS.area).toEqual({ nPlus: 250, a: 120, nPlusBPlus: 200, b: 80, c: 50 });
    expect([FRANCHISE_LIMITS.ceiling.min, FRANCHISE_LIMITS.ducts.min, FRANCHISE_LIMITS.ductDiameterCm, FRANCHISE_LIMITS.amperage.min, FRANCHISE_LIMITS.lease.min]).toEqual([4, 2, 40, 35, 3]);
    expect(the(Q.age)).toMatchObject({ type: 'input-number', decimal: 0 });
    expect(the(Q.mobile)).toMatchObject({ type: 'input-number', decimal: 0 });
    expect(the(Q.experience).type).toBe('textarea');
    expect(the(Q.address).type).toBe('textarea');
    expect(the(Q.ceiling)).toMatchObject({ type: 'input-number', decimal: 1 });
  });

  it('the property class routes each option to its own area question with the class minimum', () => {
    const classQuestion = the(Q.propertyClass);
    expect(classQuestion.type).toBe('radio');
    expect(classQuestion.response.map((option) => option.id)).toEqual(PROPERTY_CLASSES.map((entry) => entry.optionId));
    const minimums = Object.fromEntries(
      PROPERTY_CLASSES.map(({ optionId, name }) => {
        const areaId = nextQuestionId(classQuestion, [optionId]) as number;
        return [name, { areaId, min: the(areaId).min }];
      }),
    );
    expect(minimums).toEqual({
      'N+': { areaId: 8, min: 250 },
      A: { areaId: 9, min: 120 },
      'N+ (B+)': { areaId: 10, min: 200 },
      B: { areaId: 11, min: 80 },
      C: { areaId: 12, min: 50 },
    });
  });

  it.each(PROPERTY_CLASSES.map((entry) => [entry.name, entry] as const))('class %s: its minimum area is taken, one below refused, then the ceiling', (_name, entry) => {
    expect(accepts(entry.areaQuestionId, String(entry.minArea - 1))).toBe(false);
    expect(accepts(entry.areaQuestionId, String(entry.minArea))).toBe(true);
    const area = the(entry.areaQuestionId);
    expect(area.type).toBe('input-number');
    expect(nextQuestionId(area, entry.minArea)).toBe(Q.ceiling);
  });

  it('the gas meter offers only G25 and higher', () => {
    const gas = the(Q.gasMeter);
    expect(gas.type).toBe('dropdown');
    expect(gas.response.map((option) => option.text)).toEqual(['G25', 'G40', 'G65', 'G100']);
    for (const option of gas.response) expect(Number(option.text.slice(1))).toBeGreaterThanOrEqual(25);
    expect(accepts(Q.gasMeter, String(gas.response[0].id))).toBe(true);
    expect(accepts(Q.gasMeter, '999')).toBe(false);
  });

  it('full name and city come first; the last two questions are optional and all others required', () => {
    const order: number[] = [];
    for (let id: number | null = fa.first_question_id; id !== null; ) {
      order.push(id);
      const q = the(id);
      id = nextQuestionId(q, q.type === 'radio' ? [q.response[0].id] : null);
    }
    expect(order.slice(0, 2)).toEqual([Q.fullName, Q.city]);
    expect(order.slice(-2)).toEqual([Q.notes, Q.heardFrom]);
    for (const q of fa.questions) expect([q.id, q.required]).toEqual([q.id, q.id === Q.notes || q.id === Q.heardFrom ? 0 : 1]);
    expect(accepts(Q.notes, '')).toBe(true);
    expect(accepts(Q.heardFrom, '')).toBe(true);
    expect(accepts(Q.notes, chars(501))).toBe(false);
  });

  it('the age and mobile errors are exactly the spec\'s; every question has its own error in both languages', () => {
    expect(the(Q.age).error).toBe('لطفا عددی صحیح بین ۱۸ و ۱۰۰ وارد کنید.');
    expect(the(Q.mobile).error).toBe('لطفا یک شماره موبایل معتبر وارد کنید.');
    expect(questionById(en, Q.age)?.error).toBe('Please enter a whole number between 18 and 100.');
    expect(questionById(en, Q.mobile)?.error).toBe('Please enter a valid mobile number.');
    for (const definition of franchiseForm.questions) {
      expect(definition.error.fa, `question ${definition.id}`).not.toBe('');
      expect(definition.error.en, `question ${definition.id}`).not.toBe('');
      expect(definition.text.fa).not.toBe('');
      expect(definition.text.en).not.toBe('');
      // Persian digits in fa (a gas meter's name such as G25 aside), and the limit named in both.
      expect(definition.error.fa.replace(/G\d+/g, ''), `question ${definition.id}`).not.toMatch(/[0-9]/);
      for (const limit of [definition.min, definition.max]) {
        if (limit !== null && definition.id !== Q.mobile) expect(definition.error.en, `question ${definition.id}`).toContain(String(limit));
      }
    }
    const areaErrors = PROPERTY_CLASSES.map((entry) => questionById(fa, entry.areaQuestionId)?.error);
    expect(new Set(areaErrors).size).toBe(PROPERTY_CLASSES.length);
  });
});
