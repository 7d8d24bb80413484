import { describe, expect, it } from 'vitest';
import type { Form, FormQuestion } from '@contract/entities/form';
import { answerText, checkAnswer, nextQuestionId, parseChoices, walkAnswers } from '@contract/rules/questionnaire';
import { TEXT_MAX } from '@contract/rules/limits';

const question = (fields: Partial<FormQuestion> & Pick<FormQuestion, 'id' | 'type'>): FormQuestion => ({
  required: 1,
  text: `question ${fields.id}`,
  min: null,
  max: null,
  decimal: 0,
  error: `error ${fields.id}`,
  placeholder: '',
  response: [],
  next_question_id: null,
  ...fields,
});
const option = (id: number, next: number | null = null) => ({ id, text: `option ${id}`, next_question_id: next });

const name = question({ id: 1, type: 'input-text', min: 3, max: 5 });
const note = question({ id: 2, type: 'textarea', required: 0, max: 10 });
const age = question({ id: 3, type: 'input-number', min: 18, max: 100 });
const height = question({ id: 4, type: 'input-number', decimal: 1, min: 4 });
const size = question({ id: 5, type: 'radio', response: [option(51, 7), option(52), option(53, 0)], next_question_id: 6 });
const meter = question({ id: 6, type: 'dropdown', required: 0, response: [option(61, 9), option(62)], next_question_id: 8 });
const concerns = question({ id: 7, type: 'checkbox', min: 1, max: 3, response: [option(71, 2), option(72), option(73), option(74)], next_question_id: 0 });
const extras = question({ id: 8, type: 'checkbox', required: 0, response: [option(81), option(82)] });

const check = (q: FormQuestion, input: string) => checkAnswer(q, input);
const valueOf = (q: FormQuestion, input: string) => {
  const result = checkAnswer(q, input);
  return result.valid ? result.value : 'refused';
};

describe('checkAnswer: required and optional', () => {
  it('a required question refuses empty and blank input; an optional one takes it as skipped (null)', () => {
    for (const q of [name, age, size, concerns]) {
      expect(check(q, '')).toEqual({ valid: false });
      expect(check(q, '   \n ')).toEqual({ valid: false });
    }
    for (const q of [note, meter, extras]) expect(check(q, '  ')).toEqual({ valid: true, value: null });
  });

  it('an optional question still checks what is given', () => {
    expect(check(note, 'x'.repeat(11))).toEqual({ valid: false });
    expect(check(meter, '99')).toEqual({ valid: false });
    expect(check(extras, '81,99')).toEqual({ valid: false });
  });

  it(`more than ${TEXT_MAX.formAnswer} characters is refused whatever the type`, () => {
    const free = question({ id: 9, type: 'textarea', required: 0 });
    expect(valueOf(free, 'a'.repeat(TEXT_MAX.formAnswer))).toBe('a'.repeat(TEXT_MAX.formAnswer));
    expect(check(free, 'a'.repeat(TEXT_MAX.formAnswer + 1))).toEqual({ valid: false });
  });
});

describe('checkAnswer: text length in characters', () => {
  it('counts characters, not UTF-16 units, and trims first', () => {
    expect(valueOf(name, 'سارا')).toBe('سارا');
    expect(valueOf(name, '  علی  ')).toBe('علی');
    // A zero-width non-joiner is a character: 5 fit, 6 do not.
    expect(valueOf(name, 'مه‌سا')).toBe('مه‌سا');
    expect(check(name, 'مریم‌ن')).toEqual({ valid: false });
    expect(check(name, 'ab')).toEqual({ valid: false });
    expect(check(name, 'abcdef')).toEqual({ valid: false });
    // Three emoji are three characters (six UTF-16 units).
    expect(valueOf(name, '😀😀😀')).toBe('😀😀😀');
  });

  it('Persian digits in text become Western digits', () => {
    expect(valueOf(note, 'کوچه ۱۲')).toBe('کوچه 12');
  });

  it('control characters are refused; a textarea keeps line breaks and tabs', () => {
    expect(check(name, 'ab\u0007c')).toEqual({ valid: false });
    expect(check(name, 'ab\ncd')).toEqual({ valid: false });
    expect(valueOf(note, 'ab\ncd\te')).toBe('ab\ncd\te');
    expect(check(note, 'ab\u0000c')).toEqual({ valid: false });
    expect(check(note, 'ab\u007fc')).toEqual({ valid: false });
  });
});

describe('checkAnswer: numbers', () => {
  it('a whole number within min..max, Persian and Arabic digits converted', () => {
    expect(valueOf(age, '18')).toBe('18');
    expect(valueOf(age, '۱۸')).toBe('18');
    expect(valueOf(age, '١٠٠')).toBe('100');
    expect(valueOf(age, ' 42 ')).toBe('42');
    expect(check(age, '17')).toEqual({ valid: false });
    expect(check(age, '101')).toEqual({ valid: false });
  });

  it('a whole-number question refuses a fraction; a decimal one takes "." and "٫"', () => {
    expect(check(age, '18.5')).toEqual({ valid: false });
    expect(check(age, '۱۸٫۵')).toEqual({ valid: false });
    expect(valueOf(height, '4.5')).toBe('4.5');
    expect(valueOf(height, '۴٫۵')).toBe('4.5');
    expect(valueOf(height, '4')).toBe('4');
    expect(check(height, '3.99')).toEqual({ valid: false });
  });

  it('anything else than digits is refused', () => {
    for (const input of ['abc', '1e3', '4.', '.5', '+20', '20 سال', '0x20', '2,0', '4.1234567', '1'.repeat(16)]) {
      expect(check(height, input), input).toEqual({ valid: false });
    }
  });

  it('a number is kept as typed, in Western digits: a mobile keeps its leading zero (its bounds still hold)', () => {
    const mobile = question({ id: 10, type: 'input-number', min: 9_000_000_000, max: 9_900_000_000 });
    expect(valueOf(mobile, '09121234567')).toBe('09121234567');
    expect(valueOf(mobile, '۰۹۱۲۱۲۳۴۵۶۷')).toBe('09121234567');
    expect(valueOf(mobile, '9121234567')).toBe('9121234567');
    expect(check(mobile, '0812345678')).toEqual({ valid: false });
  });
});

describe('checkAnswer: options', () => {
  it('a radio or dropdown takes exactly one of its options', () => {
    expect(valueOf(size, '52')).toEqual([52]);
    expect(valueOf(size, '۵۲')).toEqual([52]);
    expect(check(size, '99')).toEqual({ valid: false });
    expect(check(size, '51,52')).toEqual({ valid: false });
    expect(check(size, 'small')).toEqual({ valid: false });
    expect(valueOf(meter, '62')).toEqual([62]);
  });

  it('a checkbox takes min..max distinct options of its own', () => {
    expect(valueOf(concerns, '71')).toEqual([71]);
    expect(valueOf(concerns, '71,72,73')).toEqual([71, 72, 73]);
    expect(valueOf(concerns, '71، ۷۲')).toEqual([71, 72]);
    expect(valueOf(concerns, '71,71,72,72')).toEqual([71, 72]);
    expect(check(concerns, '71,72,73,74')).toEqual({ valid: false });
    expect(check(concerns, '71,99')).toEqual({ valid: false });
    expect(check(concerns, ',')).toEqual({ valid: false });
    expect(check(extras, ',')).toEqual({ valid: true, value: null });
  });

  it('parseChoices and answerText read and write the same user_input', () => {
    expect(parseChoices(' 3 , ۵ ')).toEqual([3, 5]);
    expect(parseChoices('3;5')).toBeNull();
    expect(answerText([3, 5])).toBe('3,5');
    expect(answerText(4.5)).toBe('4.5');
    expect(answerText('متن')).toBe('متن');
    expect(answerText(null)).toBe('');
  });
});

describe('nextQuestionId', () => {
  it("a radio or dropdown option's own next overrides the question's", () => {
    expect(nextQuestionId(size, [51])).toBe(7);
    expect(nextQuestionId(meter, [61])).toBe(9);
  });

  it("an option without a next (null or 0) follows the question's", () => {
    expect(nextQuestionId(size, [52])).toBe(6);
    expect(nextQuestionId(size, [53])).toBe(6);
    expect(nextQuestionId(meter, [62])).toBe(8);
    expect(nextQuestionId(meter, null)).toBe(8);
  });

  it("a checkbox's options never route; a question's next of 0 or null ends the form", () => {
    expect(nextQuestionId(concerns, [71])).toBeNull();
    expect(nextQuestionId(extras, [81])).toBeNull();
    expect(nextQuestionId(age, 30)).toBeNull();
  });
});

describe('walkAnswers', () => {
  const form: Form = {
    id: 1,
    kind: 'form',
    title: 't',
    description: '',
    success_message: 'ok',
    first_question_id: 1,
    questions: [
      question({ id: 1, type: 'input-text', min: 2, next_question_id: 2 }),
      question({ id: 2, type: 'radio', response: [option(21, 3), option(22, 4)], next_question_id: 3 }),
      question({ id: 3, type: 'input-number', min: 10, next_question_id: 5 }),
      question({ id: 4, type: 'input-number', min: 20, next_question_id: 5 }),
      question({ id: 5, type: 'textarea', required: 0, next_question_id: null }),
    ],
  };
  const walk = (entries: [number, string][]) => walkAnswers(form, new Map(entries));

  it('a valid path: each answer checked and routed, the optional last one skipped', () => {
    const result = walk([[1, 'سارا'], [2, '22'], [4, '۲۵']]);
    expect(result.valid).toBe(true);
    if (result.valid) expect(result.path.map(({ question: q, value }) => [q.id, value])).toEqual([[1, 'سارا'], [2, [22]], [4, '25'], [5, null]]);
  });

  it('an answer to a question the path skipped is refused (a blank one is ignored)', () => {
    expect(walk([[1, 'سارا'], [2, '22'], [4, '25'], [3, '12']])).toMatchObject({ valid: false, reason: 'off_path', question: { id: 3 } });
    expect(walk([[1, 'سارا'], [2, '22'], [4, '25'], [3, ' ']]).valid).toBe(true);
  });

  it('an answer to no question of the form is refused', () => {
    expect(walk([[1, 'سارا'], [2, '21'], [3, '12'], [99, 'x']])).toEqual({ valid: false, question: null, reason: 'unknown_question' });
  });

  it('a required question missing or refused stops the walk there', () => {
    expect(walk([[1, 'سارا'], [2, '21']])).toMatchObject({ valid: false, reason: 'invalid', question: { id: 3 } });
    expect(walk([[1, 'سارا'], [2, '21'], [3, '9']])).toMatchObject({ valid: false, reason: 'invalid', question: { id: 3 } });
    expect(walk([])).toMatchObject({ valid: false, reason: 'invalid', question: { id: 1 } });
  });

  it('a form whose links loop is refused', () => {
    const looping: Form = { ...form, questions: form.questions.map((q) => (q.id === 5 ? { ...q, next_question_id: 1 } : q)) };
    expect(walkAnswers(looping, new Map([[1, 'سارا'], [2, '21'], [3, '12']]))).toMatchObject({ valid: false, reason: 'loop', question: { id: 1 } });
  });
});
