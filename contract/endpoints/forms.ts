import * as v from 'valibot';
import { FormEntrySchema, FormSchema, SurveyAnswerSchema } from '../entities/form';
import { blankAsAbsent, blankOr, id, jsonList, language } from '../fields';
import { TEXT_MAX } from '../rules/limits';

/** What a successful submission answers: its id and the form's success message. */
const SubmittedSchema = v.object({ id: v.number(), message: v.string() });

/** Forms, surveys and the franchise application as data (spec §3 Form question, §7 Survey and submit_form). */
export const formEndpoints = {
  get_form: {
    summary:
      "Not in spec §7 (which shows only submit_form): a form of this shop as data, in the request's language. id 0 or blank: the shop's default form (the franchise application where the shop has one). 404 when the shop has no such form.",
    request: v.object({ id: blankOr(id(), 0), language: language() }),
    data: FormSchema,
    login: false,
  },
  submit_form: {
    summary:
      "Spec §7: `form` is a JSON list of {id, que, response, type}, one per question answered (response as the statechart sends it: text, a number, or option ids joined by ','). form_id (not in the spec) names the form; absent, the shop's default form. The server walks the answers with the form's own rules (contract/rules/questionnaire.ts): each answer on the path valid (else 400 with the question's error), required questions answered, no answer to a question the path skipped.",
    request: v.object({
      form: jsonList(FormEntrySchema, { max: TEXT_MAX.formJson }),
      form_id: blankAsAbsent(id()),
      language: language(),
    }),
    data: SubmittedSchema,
    login: false,
    writes: true,
  },
  get_survey: {
    summary: "Spec §7: this shop's survey as data (a form of kind 'survey'), or null when it has none.",
    request: v.object({ language: language() }),
    data: v.nullable(FormSchema),
    login: false,
  },
  submit_survey: {
    summary:
      "Spec §7: `answers` is a JSON list of {question_id, user_input} (spec §3 Answer) for this shop's survey, walked and refused like submit_form's.",
    request: v.object({
      answers: jsonList(SurveyAnswerSchema, { max: TEXT_MAX.formJson }),
      language: language(),
    }),
    data: SubmittedSchema,
    login: false,
    writes: true,
  },
} as const;
