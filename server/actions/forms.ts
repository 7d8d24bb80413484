import type { Form, FormEntry, FormQuestion } from '@contract/entities/form';
import type { Language } from '@contract/enums';
import { localizeForm, type FormDefinition } from '@contract/forms/definition';
import { FRANCHISE_FORM_ID, franchiseForm } from '@contract/forms/franchise';
import { hasCollaborate, surveyTitle } from '@contract/rules/forms';
import { answerText, questionById, walkAnswers } from '@contract/rules/questionnaire';
import type { FormKind, FormRow } from '../db/schema';
import { ApiError } from '../errors';
import { translate, type MessageKey, type MessageValues } from '../i18n/messages';
import type { ActionContext, Handlers } from './context';

/** A form a request names: its definition, and the stored row's id (null for the franchise form, which the contract builds). */
interface ResolvedForm {
  definition: FormDefinition;
  formId: number | null;
}

/** A stored row's definition under the row's own id and kind (the ones clients send back). */
const storedForm = (row: FormRow): ResolvedForm => ({ definition: { ...row.definition, id: row.id, kind: row.kind }, formId: row.id });

const formNotFound = (language: Language) => new ApiError(404, 'not_found', translate(language, 'form_not_found'));

/**
 * The form of get_form and submit_form: id 0 is the shop's default (the franchise application
 * where the interface has /collaborate, else its first stored form); FRANCHISE_FORM_ID only
 * where the interface has /collaborate; any other id only when this shop stores it as a form.
 */
async function resolveForm({ shop, repos, language }: ActionContext, id: number): Promise<ResolvedForm> {
  const collaborate = hasCollaborate(shop.interfaceId);
  if (id === 0 || id === FRANCHISE_FORM_ID) {
    if (collaborate) return { definition: franchiseForm, formId: null };
    if (id === FRANCHISE_FORM_ID) throw formNotFound(language);
    const first = await repos.forms.first('form');
    if (!first) throw formNotFound(language);
    return storedForm(first);
  }
  const row = await repos.forms.byId('form', id);
  if (!row) throw formNotFound(language);
  return storedForm(row);
}

/** The shop's survey with spec §9's title rule, or null. */
async function shopSurvey({ shop, repos }: ActionContext): Promise<ResolvedForm | null> {
  const row = await repos.forms.first('survey');
  if (!row) return null;
  const resolved = storedForm(row);
  const title = resolved.definition.title;
  return { ...resolved, definition: { ...resolved.definition, title: { fa: surveyTitle(shop.id, title.fa), en: surveyTitle(shop.id, title.en) } } };
}

const refused = (language: Language, key: MessageKey, values: MessageValues) =>
  new ApiError(400, 'invalid_input', translate(language, key, values));

/**
 * The answers keyed by question id; a question answered twice or an id the form does not have
 * is refused here, naming it, before the walk.
 */
function answerMap(form: Form, answers: { id: number; input: string }[], language: Language): Map<number, string> {
  const map = new Map<number, string>();
  for (const { id, input } of answers) {
    const question = questionById(form, id);
    if (!question) throw refused(language, 'form_unknown_question', { id });
    if (map.has(id)) throw refused(language, 'form_duplicate_answer', { question: question.text });
    map.set(id, input);
  }
  return map;
}

/** Why a walk was refused, as the 400 the submitter reads: the question's own error text for an invalid answer. */
function walkRefusal(question: FormQuestion | null, reason: 'invalid' | 'off_path' | 'unknown_question' | 'loop', language: Language): ApiError {
  const named = { question: question?.text ?? '' };
  switch (reason) {
    case 'invalid':
      return question && question.error.trim() !== ''
        ? new ApiError(400, 'invalid_input', question.error)
        : refused(language, 'form_answer_invalid', named);
    case 'off_path':
      return refused(language, 'form_off_path', named);
    case 'loop':
      return refused(language, 'form_loop', named);
    case 'unknown_question':
      return refused(language, 'form_unknown_question', { id: question?.id ?? 0 });
  }
}

/**
 * Walks the answers with the form's own rules and stores the path once, as the submitter saw
 * it: each question's text in the request language, the answer as checked (Western digits,
 * option ids joined by ','), its type. Returns the reply of submit_form and submit_survey.
 */
async function submit(context: ActionContext, kind: FormKind, resolved: ResolvedForm, answers: { id: number; input: string }[]) {
  const { language } = context;
  const form = localizeForm(resolved.definition, language);
  const walk = walkAnswers(form, answerMap(form, answers, language));
  if (!walk.valid) throw walkRefusal(walk.question, walk.reason, language);
  const path: FormEntry[] = walk.path.map(({ question, value }) => ({ id: question.id, que: question.text, response: answerText(value), type: question.type }));
  const id = await context.repos.forms.addSubmission({ formId: resolved.formId, kind, userId: context.user?.id ?? null, answers: path, language, at: context.clock() });
  return { id, message: form.success_message };
}

export const formActions: Handlers<'get_form' | 'submit_form' | 'get_survey' | 'submit_survey'> = {
  async get_form(context, input) {
    return localizeForm((await resolveForm(context, input.id)).definition, context.language);
  },

  async submit_form(context, input) {
    const resolved = await resolveForm(context, input.form_id ?? 0);
    return submit(context, 'form', resolved, input.form.map((entry) => ({ id: entry.id, input: entry.response })));
  },

  async get_survey(context) {
    const survey = await shopSurvey(context);
    return survey ? localizeForm(survey.definition, context.language) : null;
  },

  async submit_survey(context, input) {
    const survey = await shopSurvey(context);
    if (!survey) throw new ApiError(404, 'not_found', translate(context.language, 'survey_not_found'));
    return submit(context, 'survey', survey, input.answers.map((answer) => ({ id: answer.question_id, input: answer.user_input })));
  },
};
