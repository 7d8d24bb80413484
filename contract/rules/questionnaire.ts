import { normalizeDigits } from '../digits';
import type { Form, FormQuestion } from '../entities/form';
import { hasControl } from '../fields';
import { TEXT_MAX } from './limits';

/*
 * The rules of a form as data (spec §3 Form question, §6 flow), shared by the questionnaire
 * statechart (machines/questionnaire-machine.ts) and the server's submit_form / submit_survey.
 */

/** A valid answer: trimmed text, a number's digits as typed, or chosen option ids; null for a skipped optional question. */
export type AnswerValue = string | number | number[] | null;

export type AnswerCheck = { valid: true; value: AnswerValue } | { valid: false };


const within = (value: number, { min, max }: Pick<FormQuestion, 'min' | 'max'>) => (min === null || value >= min) && (max === null || value <= max);

/** Option ids from user input: '3' or '3,5' (spaces and Persian digits allowed). */
export function parseChoices(input: string): number[] | null {
  const parts = normalizeDigits(input).split(/[,،]/).map((part) => part.trim()).filter((part) => part !== '');
  if (!parts.every((part) => /^\d{1,9}$/.test(part))) return null;
  return [...new Set(parts.map(Number))];
}

/** The same answer as user_input: what a client sends to submit_form and submit_survey. */
export function answerText(value: AnswerValue): string {
  if (value === null) return '';
  return Array.isArray(value) ? value.join(',') : String(value);
}

/**
 * Checks one answer, typed as the user typed it (Persian and Arabic digits are converted first):
 * required, then by type: text length in characters, a whole (or with `decimal`, any) number in
 * min..max, one of the options, or min..max distinct options of a checkbox.
 */
export function checkAnswer(question: FormQuestion, input: string): AnswerCheck {
  const raw = normalizeDigits(input).trim();
  if (raw.length > TEXT_MAX.formAnswer) return { valid: false };
  if (raw === '') return question.required === 1 ? { valid: false } : { valid: true, value: null };
  switch (question.type) {
    case 'input-text':
    case 'textarea': {
      if (hasControl(raw, question.type === 'textarea')) return { valid: false };
      return within([...raw].length, question) ? { valid: true, value: raw } : { valid: false };
    }
    case 'input-number': {
      const pattern = question.decimal === 1 ? /^-?\d{1,15}([.٫]\d{1,6})?$/ : /^-?\d{1,15}$/;
      if (!pattern.test(raw)) return { valid: false };
      const text = raw.replace('٫', '.');
      const value = Number(text);
      // The answer is the number as typed (Western digits), not Number's text of it: a mobile's leading 0 stays.
      return Number.isSafeInteger(Math.trunc(value)) && within(value, question) ? { valid: true, value: text } : { valid: false };
    }
    case 'radio':
    case 'dropdown': {
      const chosen = parseChoices(raw);
      if (!chosen || chosen.length !== 1 || !question.response.some((option) => option.id === chosen[0])) return { valid: false };
      return { valid: true, value: chosen };
    }
    case 'checkbox': {
      const chosen = parseChoices(raw);
      if (!chosen || !chosen.every((id) => question.response.some((option) => option.id === id))) return { valid: false };
      if (chosen.length === 0) return question.required === 1 ? { valid: false } : { valid: true, value: null };
      return within(chosen.length, question) ? { valid: true, value: chosen } : { valid: false };
    }
  }
}

/** Where the form goes after `question` answered `value`: a radio's or dropdown's option overrides the question's next; null ends. */
export function nextQuestionId(question: FormQuestion, value: AnswerValue): number | null {
  if ((question.type === 'radio' || question.type === 'dropdown') && Array.isArray(value) && value.length === 1) {
    const option = question.response.find((entry) => entry.id === value[0]);
    if (option && option.next_question_id !== null && option.next_question_id !== 0) return option.next_question_id;
  }
  return question.next_question_id === 0 ? null : question.next_question_id;
}

export const questionById = (form: Pick<Form, 'questions'>, id: number): FormQuestion | undefined => form.questions.find((question) => question.id === id);

export type WalkResult =
  | { valid: true; path: { question: FormQuestion; value: AnswerValue }[] }
  /** the first question whose answer is refused (its `error` is the message), or an answer off the path */
  | { valid: false; question: FormQuestion | null; reason: 'invalid' | 'off_path' | 'unknown_question' | 'loop' };

/**
 * Walks a whole submission: from first_question_id, each question's answer is checked and decides
 * the next. An answer to a question the path skipped, or to no question of the form, is refused;
 * so is a form whose links loop.
 */
export function walkAnswers(form: Form, answers: ReadonlyMap<number, string>): WalkResult {
  const path: { question: FormQuestion; value: AnswerValue }[] = [];
  const visited = new Set<number>();
  for (const id of answers.keys()) if (!questionById(form, id)) return { valid: false, question: null, reason: 'unknown_question' };
  let current: number | null = form.first_question_id;
  while (current !== null) {
    const question = questionById(form, current);
    if (!question) break;
    if (visited.has(current)) return { valid: false, question, reason: 'loop' };
    visited.add(current);
    const check = checkAnswer(question, answers.get(current) ?? '');
    if (!check.valid) return { valid: false, question, reason: 'invalid' };
    path.push({ question, value: check.value });
    current = nextQuestionId(question, check.value);
  }
  for (const id of answers.keys()) {
    if (!visited.has(id) && (answers.get(id) ?? '').trim() !== '') return { valid: false, question: questionById(form, id) ?? null, reason: 'off_path' };
  }
  return { valid: true, path };
}
