import * as v from 'valibot';

/** Spec §3 Form question types. */
export const QUESTION_TYPES = ['input-text', 'input-number', 'radio', 'checkbox', 'dropdown', 'textarea'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** A choice of a radio, checkbox or dropdown question; a radio's or dropdown's own next_question_id overrides the question's. */
export const FormOptionSchema = v.object({
  id: v.number(),
  text: v.string(),
  next_question_id: v.nullable(v.number()),
});
export type FormOption = v.InferOutput<typeof FormOptionSchema>;

/**
 * Spec §3 Form question. min/max bound a text's length in characters, a number's value, or a
 * checkbox's count of choices; null is unbounded. `decimal` 1 lets a number have a fraction
 * (a ceiling of 4.5 m); otherwise numbers are whole. `error` is shown for any invalid answer.
 * next_question_id null ends the form.
 */
export const FormQuestionSchema = v.object({
  id: v.number(),
  required: v.picklist([0, 1]),
  text: v.string(),
  type: v.picklist(QUESTION_TYPES),
  min: v.nullable(v.number()),
  max: v.nullable(v.number()),
  decimal: v.picklist([0, 1]),
  error: v.string(),
  placeholder: v.string(),
  response: v.array(FormOptionSchema),
  next_question_id: v.nullable(v.number()),
});
export type FormQuestion = v.InferOutput<typeof FormQuestionSchema>;

/** A form or survey as data: its questions, in any order, walked from first_question_id. */
export const FormSchema = v.object({
  id: v.number(),
  /** 'form' (submit_form) or 'survey' (submit_survey) */
  kind: v.picklist(['form', 'survey']),
  title: v.string(),
  description: v.string(),
  /** shown after a successful submission */
  success_message: v.string(),
  first_question_id: v.number(),
  questions: v.array(FormQuestionSchema),
});
export type Form = v.InferOutput<typeof FormSchema>;

/** Spec §3 Answer (submit_survey). user_input: the text or number as typed, or the chosen option ids joined by ','. */
export const SurveyAnswerSchema = v.object({ question_id: v.number(), user_input: v.string() });
export type SurveyAnswer = v.InferOutput<typeof SurveyAnswerSchema>;

/** An entry of submit_form's `form` (spec §7): question id, its text, the response as in user_input, its type. */
export const FormEntrySchema = v.object({ id: v.number(), que: v.string(), response: v.string(), type: v.string() });
export type FormEntry = v.InferOutput<typeof FormEntrySchema>;
