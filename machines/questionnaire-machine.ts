import { and, assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Form, FormEntry, FormQuestion, SurveyAnswer } from '@contract/entities/form';
import { answerText, checkAnswer, nextQuestionId, parseChoices, questionById } from '@contract/rules/questionnaire';
import { asFailure, type ApiFailure } from './api-failure';
import { notProvided } from './not-provided';

/** When a finished form is sent: after the person confirms on the review step (the default), or as soon as the last answer is taken. */
export type SubmitMode = 'on-confirm' | 'at-end';

export interface QuestionnaireInput {
  /** the form or survey, already localized (get_form / get_survey) */
  form: Form;
  submit?: SubmitMode;
}

export interface QuestionnaireContext {
  form: Form;
  submitMode: SubmitMode;
  /** the question shown; null once the path has ended (review, submitting, submitted, failed) */
  currentId: number | null;
  /** the questions answered on the way to the current one, in the order visited: Back pops it, the submission is made of it */
  history: number[];
  /** what was typed or chosen per question, as typed (option ids joined by ','); kept when going back and on abandoned branches */
  inputs: Record<number, string>;
  /** submit_form's or submit_survey's answer */
  result: FormSubmitted | null;
  failure: ApiFailure | null;
}

/** What the 'submit form' actor sends: both shapes of the answers on the path; the live actor calls submit_form or submit_survey by `kind`. */
export interface FormSubmission {
  formId: number;
  kind: Form['kind'];
  /** submit_form's `form` */
  entries: FormEntry[];
  /** submit_survey's `answers` */
  answers: SurveyAnswer[];
}

/** submit_form's and submit_survey's data. */
export interface FormSubmitted {
  id: number;
  message: string;
}

export type QuestionnaireEvent =
  /** the current question's raw input: the text as typed, or the chosen option ids joined by ',' */
  | { type: 'answer.change'; value: string }
  | { type: 'answer.next' }
  | { type: 'answer.back' }
  | { type: 'form.submit' }
  | { type: 'form.retry' };

type PathContext = Pick<QuestionnaireContext, 'form' | 'history' | 'inputs'>;

/** The accepted answers of the questions on `path`, normalised as sent (Western digits, trimmed, ids joined by ','); skipped optional ones left out. */
function answersOnPath({ form, history, inputs }: PathContext): { question: FormQuestion; response: string }[] {
  return history.flatMap((id) => {
    const question = questionById(form, id);
    const check = question ? checkAnswer(question, inputs[id] ?? '') : null;
    if (!question || !check?.valid) return [];
    const response = answerText(check.value);
    return response === '' ? [] : [{ question, response }];
  });
}

/** submit_form's `form`: {id, que, response, type} per answered question on the path. */
export const formEntriesOf = (context: PathContext): FormEntry[] =>
  answersOnPath(context).map(({ question, response }) => ({ id: question.id, que: question.text, response, type: question.type }));

/** submit_survey's `answers`: {question_id, user_input} per answered question on the path. */
export const surveyAnswersOf = (context: PathContext): SurveyAnswer[] =>
  answersOnPath(context).map(({ question, response }) => ({ question_id: question.id, user_input: response }));

/** The 'submit form' actor's input. */
export const submissionOf = (context: PathContext): FormSubmission => ({
  formId: context.form.id,
  kind: context.form.kind,
  entries: formEntriesOf(context),
  answers: surveyAnswersOf(context),
});

/**
 * Where the current answer leads: its next question (an option's own next overriding the
 * question's), or null at the end. A link to no question of the form, or back onto the path
 * (a loop), ends the path too; the server's walk refuses the same.
 */
function questionAfter(context: QuestionnaireContext): number | null {
  const question = context.currentId === null ? undefined : questionById(context.form, context.currentId);
  if (!question) return null;
  const check = checkAnswer(question, context.inputs[question.id] ?? '');
  if (!check.valid) return null;
  const next = nextQuestionId(question, check.value);
  const onPath = next === question.id || (next !== null && context.history.includes(next));
  return next !== null && !onPath && questionById(context.form, next) ? next : null;
}

/**
 * Runs any form or survey given as data (spec §3 Form question, §6 flow): one question at a
 * time, each answer checked by the contract's rules (the question's own `error` when refused),
 * next_question_id followed with an option's override, Back to the question actually visited
 * before. The path ends on a review step; 'form.submit' (or, with submit 'at-end', the last
 * answer) sends the answers on the path, once; a failure can be retried.
 */
export const questionnaireMachine = setup({
  types: {
    context: {} as QuestionnaireContext,
    events: {} as QuestionnaireEvent,
    input: {} as QuestionnaireInput,
  },
  actors: {
    'submit form': fromPromise<FormSubmitted, FormSubmission>(notProvided('submit form')),
  },
  guards: {
    'has a question': ({ context }) => context.currentId !== null,
    'answer is valid': ({ context }) => {
      const question = context.currentId === null ? undefined : questionById(context.form, context.currentId);
      return question !== undefined && checkAnswer(question, context.inputs[question.id] ?? '').valid;
    },
    'answer ends the form': ({ context }) => questionAfter(context) === null,
    'has previous question': ({ context }) => context.history.length > 0,
    'submits at the end': ({ context }) => context.submitMode === 'at-end',
    'is a survey': ({ context }) => context.form.kind === 'survey',
  },
  actions: {
    /** provided by the composition root: spec §8's toast of a form the server refused or could not take */
    'tell failure': (_, _params: { error: unknown }) => {},
    'store input': assign(({ context, event }) => {
      assertEvent(event, 'answer.change');
      return context.currentId === null ? {} : { inputs: { ...context.inputs, [context.currentId]: event.value } };
    }),
    // The input is already the answer; taking it puts the question on the path and moves on.
    'store answer': assign(({ context }) => ({
      history: context.currentId === null ? context.history : [...context.history, context.currentId],
      currentId: questionAfter(context),
    })),
    'go back': assign(({ context }) => ({ currentId: context.history.at(-1) ?? context.currentId, history: context.history.slice(0, -1) })),
    'store result': assign((_, params: { result: FormSubmitted }) => ({ result: params.result, failure: null })),
    /** provided by the composition root: a sent survey's thank-you page */
    'show thanks': () => {},
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'clear failure': assign({ failure: null }),
  },
}).createMachine({
  id: 'questionnaire',
  context: ({ input }) => ({
    form: input.form,
    submitMode: input.submit ?? 'on-confirm',
    currentId: questionById(input.form, input.form.first_question_id) ? input.form.first_question_id : null,
    history: [],
    inputs: {},
    result: null,
    failure: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'has a question', target: 'answering' }, { target: 'review' }],
    },
    answering: {
      initial: 'editing',
      states: {
        editing: {},
        // The view shows the current question's own `error` until the input changes.
        invalid: {},
      },
      on: {
        'answer.change': { target: '.editing', actions: 'store input' },
        'answer.next': [
          { guard: and(['answer is valid', 'answer ends the form']), target: 'review', actions: 'store answer' },
          { guard: 'answer is valid', target: '.editing', actions: 'store answer' },
          { target: '.invalid' },
        ],
        'answer.back': { guard: 'has previous question', target: '.editing', actions: 'go back' },
      },
    },
    review: {
      always: { guard: 'submits at the end', target: 'submitting' },
      on: {
        'form.submit': 'submitting',
        'answer.back': { guard: 'has previous question', target: 'answering', actions: 'go back' },
      },
    },
    // No 'form.submit' here: a second press while the request runs sends nothing. A retry keeps the last failure until it succeeds.
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit form',
        input: ({ context }) => submissionOf(context),
        // A sent survey thanks on a page of its own (the composition root navigates); a form thanks in place.
        onDone: [
          { guard: 'is a survey', target: 'submitted', actions: [{ type: 'store result', params: ({ event }) => ({ result: event.output }) }, 'show thanks'] },
          { target: 'submitted', actions: { type: 'store result', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'store failure', params: ({ event }) => ({ error: event.error }) }, { type: 'tell failure', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    failed: {
      on: {
        'form.retry': 'submitting',
        'answer.back': { guard: 'has previous question', target: 'answering', actions: ['clear failure', 'go back'] },
      },
    },
    // Not final: a screen's actor stays in the system (and the view keeps showing the message) until the screen closes.
    submitted: {},
  },
});

export type QuestionnaireSnapshot = SnapshotFrom<typeof questionnaireMachine>;
type Viewed = Pick<QuestionnaireSnapshot, 'context' | 'matches'>;

/** The question shown, or null once the path has ended. */
export function currentQuestion(snapshot: Viewed): FormQuestion | null {
  const { form, currentId } = snapshot.context;
  return snapshot.matches('answering') && currentId !== null ? (questionById(form, currentId) ?? null) : null;
}

/** What the current question's field holds, as typed. */
export const currentInput = (snapshot: Viewed): string => (snapshot.context.currentId === null ? '' : (snapshot.context.inputs[snapshot.context.currentId] ?? ''));

/** Whether the current answer was refused: the view shows the question's own `error`. */
export const showsError = (snapshot: Viewed): boolean => snapshot.matches({ answering: 'invalid' });

/** The refused question's own error text, or null. */
export const errorText = (snapshot: Viewed): string | null => (showsError(snapshot) ? (currentQuestion(snapshot)?.error ?? null) : null);

/** The option ids a choice input holds ('3,5' → [3, 5]). */
export const chosenOptions = (input: string): number[] => parseChoices(input) ?? [];

/** A checkbox input with `optionId` added or removed, as 'answer.change' takes it. */
export function toggledChoice(input: string, optionId: number): string {
  const chosen = chosenOptions(input);
  return answerText(chosen.includes(optionId) ? chosen.filter((id) => id !== optionId) : [...chosen, optionId]);
}

/**
 * Where the person is: `index` is the current question's place on the path (0 for the first;
 * the path's length once it has ended) and `total` the length of the path as answered so far,
 * the rest following each question's current input or, unanswered, its own next question.
 */
export function progressOf(snapshot: Viewed): { index: number; total: number } {
  const { form, history, inputs, currentId } = snapshot.context;
  const seen = new Set(history);
  let ahead = 0;
  for (let id = currentId; id !== null && !seen.has(id); ) {
    const question = questionById(form, id);
    if (!question) break;
    seen.add(id);
    ahead += 1;
    const check = checkAnswer(question, inputs[id] ?? '');
    id = nextQuestionId(question, check.valid ? check.value : null);
  }
  return { index: history.length, total: history.length + ahead };
}

/** Whether Back leads to an earlier question now. */
export const canGoBack = (snapshot: Pick<QuestionnaireSnapshot, 'can'>): boolean => snapshot.can({ type: 'answer.back' });

/** Whether the form can be sent now (on the review step, not while a request runs). */
export const canSubmit = (snapshot: Pick<QuestionnaireSnapshot, 'can'>): boolean => snapshot.can({ type: 'form.submit' });

/** The answers on the path with their questions, for the review step. */
export const reviewEntries = (snapshot: Viewed): FormEntry[] => formEntriesOf(snapshot.context);

/** After a successful submission: the server's message, else the form's own success_message. */
export const successMessage = (snapshot: Viewed): string | null =>
  snapshot.matches('submitted') ? snapshot.context.result?.message || snapshot.context.form.success_message : null;

/** The server's message of a failed submission, or null. */
export const failureMessage = (snapshot: Viewed): string | null => (snapshot.matches('failed') ? snapshot.context.failure?.message || 'error' : null);
