import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Form } from '@contract/entities/form';
import { localizeForm } from '@contract/forms/definition';
import { FRANCHISE_QUESTIONS as F, franchiseForm } from '@contract/forms/franchise';
import { SKINCARE_QUESTIONS as S, SURVEY_QUESTIONS, demoSurvey, skincareForm } from '@contract/forms/skincare-routine';
import {
  canGoBack,
  canSubmit,
  currentInput,
  currentQuestion,
  errorText,
  failureMessage,
  progressOf,
  questionnaireMachine,
  reviewEntries,
  showsError,
  submissionOf,
  successMessage,
  toggledChoice,
  type FormSubmission,
  type FormSubmitted,
  type SubmitMode,
} from '@machines/questionnaire-machine';

const franchise = localizeForm(franchiseForm, 'fa');
const skincare = localizeForm(skincareForm, 'en');
const survey = localizeForm(demoSurvey, 'fa');

/** A questionnaire whose 'submit form' records its inputs and answers as told (resolved or rejected, in order). */
function start(form: Form, { submit, outcomes = [{ id: 7, message: 'ثبت شد' }] }: { submit?: SubmitMode; outcomes?: (FormSubmitted | Error)[] } = {}) {
  const sent: FormSubmission[] = [];
  const thanked: number[] = [];
  const told: unknown[] = [];
  const machine = questionnaireMachine.provide({
    actions: { 'show thanks': () => void thanked.push(sent.length), 'tell failure': (_, { error }) => void told.push(error) },
    actors: {
      'submit form': fromPromise<FormSubmitted, FormSubmission>(async ({ input }) => {
        const outcome = outcomes[Math.min(sent.length, outcomes.length - 1)];
        sent.push(input);
        if (outcome instanceof Error) throw Object.assign(outcome, { result: 'server_error' });
        return outcome;
      }),
    },
  });
  const actor = createActor(machine, { input: { form, submit } }).start();
  const answer = (...inputs: string[]) => {
    for (const value of inputs) {
      actor.send({ type: 'answer.change', value });
      actor.send({ type: 'answer.next' });
    }
  };
  const shown = () => currentQuestion(actor.getSnapshot())?.id ?? null;
  return { actor, sent, thanked, told, answer, shown, snapshot: () => actor.getSnapshot() };
}

const applicant = ['سارا احمدی', 'تهران', '۳۰', '۰۹۱۲۱۲۳۴۵۶۷', 'ده سال فروشگاه‌داری', 'تهران، میدان ونک، خیابان ملاصدرا، پلاک ۱۲'];
const property = ['4.5', '2', '35', '161', '3', '', ''];

describe('questionnaire machine: the path', () => {
  it('Scenario: an option\'s own next overrides the question\'s (oily skin goes to the oily concerns)', () => {
    const { answer, shown, snapshot } = start(skincare);
    expect(shown()).toBe(S.skinType);
    answer('12');
    expect(shown()).toBe(S.oilyConcerns);
    answer('31,32');
    expect(shown()).toBe(S.sunscreen);
    // Daily sunscreen skips the outdoor hours.
    answer('61');
    expect(shown()).toBe(S.ageRange);
    expect(snapshot().context.history).toEqual([S.skinType, S.oilyConcerns, S.sunscreen]);
  });

  it('Scenario: Back after a branch returns to the question actually visited, not to id - 1, keeping the answers typed', () => {
    const { actor, answer, shown, snapshot } = start(franchise);
    answer(...applicant, '75');
    expect(shown()).toBe(12); // class C's area
    answer('60');
    expect(shown()).toBe(F.ceiling);
    actor.send({ type: 'answer.back' });
    expect(shown()).toBe(12);
    expect(currentInput(snapshot())).toBe('60');
    actor.send({ type: 'answer.back' });
    expect(shown()).toBe(F.propertyClass);
    expect(currentInput(snapshot())).toBe('75');
    actor.send({ type: 'answer.back' });
    expect(shown()).toBe(F.address);
    expect(currentInput(snapshot())).toBe(applicant[5]);
  });

  it('Scenario: after going back and choosing another class, the abandoned branch\'s answer is not submitted', async () => {
    const { actor, answer, shown, sent, snapshot } = start(franchise);
    answer(...applicant, '71', '300');
    expect(shown()).toBe(F.ceiling);
    actor.send({ type: 'answer.back' });
    actor.send({ type: 'answer.back' });
    answer('74');
    expect(shown()).toBe(11);
    answer('90', ...property);
    expect(snapshot().matches('review')).toBe(true);
    // The N+ area typed before is kept as a draft, but it is off the path.
    expect(snapshot().context.inputs[8]).toBe('300');
    expect(reviewEntries(snapshot()).map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 11, 13, 14, 15, 16, 17]);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('submitted'));
    expect(sent).toHaveLength(1);
    expect(sent[0].entries.map((entry) => entry.id)).not.toContain(8);
    expect(sent[0].entries.find((entry) => entry.id === 11)).toEqual({ id: 11, que: 'متراژ ملک کلاس B (متر مربع)', response: '90', type: 'input-number' });
  });

  it('Scenario: an invalid answer keeps the question and flags its own error until the input changes', () => {
    const { actor, answer, shown, snapshot } = start(franchise);
    answer(...applicant.slice(0, 2), '17');
    expect(shown()).toBe(F.age);
    expect(showsError(snapshot())).toBe(true);
    expect(snapshot().matches({ answering: 'invalid' })).toBe(true);
    expect(errorText(snapshot())).toBe('لطفا عددی صحیح بین ۱۸ و ۱۰۰ وارد کنید.');
    expect(snapshot().context.history).toEqual([F.fullName, F.city]);
    actor.send({ type: 'answer.change', value: '۱۸' });
    expect(showsError(snapshot())).toBe(false);
    expect(errorText(snapshot())).toBeNull();
    actor.send({ type: 'answer.next' });
    expect(shown()).toBe(F.mobile);
    answer('');
    expect(errorText(snapshot())).toBe('لطفا یک شماره موبایل معتبر وارد کنید.');
  });

  it('Scenario: Back is not offered on the first question and changes nothing there', () => {
    const { actor, shown, snapshot, answer } = start(franchise);
    expect(canGoBack(snapshot())).toBe(false);
    actor.send({ type: 'answer.back' });
    expect(shown()).toBe(F.fullName);
    answer('سارا احمدی');
    expect(canGoBack(snapshot())).toBe(true);
  });

  it('Scenario: progress counts the place on the path and the route ahead as answered so far', () => {
    const { answer, snapshot } = start(skincare);
    // skin type, dry concerns, sunscreen, outdoor hours, age range, ageing signs, notes
    expect(progressOf(snapshot())).toEqual({ index: 0, total: 7 });
    answer('12', '31');
    expect(progressOf(snapshot())).toEqual({ index: 2, total: 7 });
    answer('61');
    expect(progressOf(snapshot())).toEqual({ index: 3, total: 6 });
    answer('81');
    expect(progressOf(snapshot())).toEqual({ index: 4, total: 5 });
    answer('');
    expect(snapshot().matches('review')).toBe(true);
    expect(progressOf(snapshot())).toEqual({ index: 5, total: 5 });
  });

  it('Scenario: a checkbox is answered with its option ids joined by ","', () => {
    const { actor, answer, snapshot, shown } = start(skincare);
    answer('11');
    let input = '';
    for (const id of [21, 22, 23, 24]) input = toggledChoice(input, id);
    expect(input).toBe('21,22,23,24');
    actor.send({ type: 'answer.change', value: input });
    actor.send({ type: 'answer.next' });
    expect(errorText(snapshot())).toBe('Please choose 1 to 3 concerns.');
    actor.send({ type: 'answer.change', value: toggledChoice(input, 22) });
    actor.send({ type: 'answer.next' });
    expect(shown()).toBe(S.sunscreen);
    expect(submissionOf(snapshot().context).entries.at(-1)).toEqual({ id: S.dryConcerns, que: 'Which dry-skin concerns bother you?', response: '21,23,24', type: 'checkbox' });
  });
});

describe('questionnaire machine: submitting', () => {
  it("Scenario: a refused form is told as spec §8's toast with the server's words, besides the retry on the page", async () => {
    const { actor, answer, told } = start(franchise, { outcomes: [new Error('فرم ارسال نشد')] });
    answer(...applicant, '72', '۱۲۰', ...property);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ message: 'فرم ارسال نشد' });
  });

  it('Scenario: a double form.submit sends one request; the server\'s message is shown', async () => {
    const { actor, answer, sent, snapshot } = start(franchise);
    answer(...applicant, '72', '۱۲۰', ...property);
    expect(canSubmit(snapshot())).toBe(true);
    actor.send({ type: 'form.submit' });
    expect(snapshot().matches('submitting')).toBe(true);
    expect(canSubmit(snapshot())).toBe(false);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('submitted'));
    expect(canSubmit(snapshot())).toBe(false);
    expect(sent).toHaveLength(1);
    expect(successMessage(snapshot())).toBe('ثبت شد');
    // Not final: the screen's actor stays (and shows the message) until the screen closes.
    expect(snapshot().matches('submitted')).toBe(true);
    expect(snapshot().context.result).toEqual({ id: 7, message: 'ثبت شد' });
  });

  it('Scenario: what is sent is normalised: Western digits, trimmed, a number as typed (the mobile keeps its 0); skipped optional answers left out', async () => {
    const { actor, answer, sent } = start(franchise);
    answer('  سارا احمدی ', ...applicant.slice(1), '72', '۱۲۰', '۴٫۵', '۲', '٣٥', '164', '۳', '', '193');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('submitted'));
    const responses = Object.fromEntries(sent[0].entries.map((entry) => [entry.id, entry.response]));
    expect(responses).toEqual({
      1: 'سارا احمدی',
      2: 'تهران',
      3: '30',
      4: '09121234567',
      5: applicant[4],
      6: 'تهران، میدان ونک، خیابان ملاصدرا، پلاک 12',
      7: '72',
      9: '120',
      13: '4.5',
      14: '2',
      15: '35',
      16: '164',
      17: '3',
      19: '193',
    });
    expect(sent[0]).toMatchObject({ formId: 1, kind: 'form' });
  });

  it('Scenario: a failed submission shows the server\'s message; form.retry sends again and succeeds', async () => {
    const { actor, answer, sent, snapshot } = start(skincare, { outcomes: [new Error('سرور در دسترس نیست'), { id: 9, message: '' }] });
    answer('14', '53', '62', '2', '83', '92', 'fragrance allergy');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(failureMessage(snapshot())).toBe('سرور در دسترس نیست');
    expect(snapshot().context.failure).toEqual({ result: 'server_error', message: 'سرور در دسترس نیست', data: undefined });
    expect(canSubmit(snapshot())).toBe(false);
    actor.send({ type: 'form.retry' });
    expect(failureMessage(snapshot())).toBeNull();
    await waitFor(actor, (state) => state.matches('submitted'));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    // The server said nothing: the form's own success message.
    expect(successMessage(snapshot())).toBe(skincare.success_message);
  });

  it('Scenario: a sent survey goes on to its thank-you page (the chart navigates, once); a refused one and a sent form do not', async () => {
    const refused = start(survey, { outcomes: [new Error('خطا'), { id: 8, message: '' }] });
    refused.answer('105', '201', '301', '');
    refused.actor.send({ type: 'form.submit' });
    await waitFor(refused.actor, (state) => state.matches('failed'));
    expect(refused.thanked).toEqual([]);
    refused.actor.send({ type: 'form.retry' });
    await waitFor(refused.actor, (state) => state.matches('submitted'));
    expect(refused.thanked).toEqual([2]);

    const form = start(franchise);
    form.answer(...applicant, '74', '90', ...property);
    form.actor.send({ type: 'form.submit' });
    await waitFor(form.actor, (state) => state.matches('submitted'));
    expect(form.sent).toHaveLength(1);
    expect(form.thanked).toEqual([]);
  });

  it('Scenario: after a failure Back returns to the last question to change an answer', async () => {
    const { actor, answer, shown, snapshot } = start(survey, { outcomes: [new Error('خطا')] });
    answer('105', '201', '301', '');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('failed'));
    actor.send({ type: 'answer.back' });
    expect(shown()).toBe(SURVEY_QUESTIONS.comments);
    expect(snapshot().context.failure).toBeNull();
  });

  it('Scenario: a survey\'s answers are {question_id, user_input}, the rating and choices as option ids', async () => {
    const { actor, answer, sent } = start(survey);
    answer('۱۰۴', '201,203', '301', ' خیلی خوب بود ');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('submitted'));
    expect(sent[0].kind).toBe('survey');
    expect(sent[0].formId).toBe(3);
    expect(sent[0].answers).toEqual([
      { question_id: 1, user_input: '104' },
      { question_id: 2, user_input: '201,203' },
      { question_id: 3, user_input: '301' },
      { question_id: 4, user_input: 'خیلی خوب بود' },
    ]);
  });

  it("Scenario: with submit 'at-end' the last accepted answer sends the form without a review", async () => {
    const { answer, actor, sent } = start(survey, { submit: 'at-end' });
    answer('103', '202');
    expect(sent).toHaveLength(0);
    answer('302', '');
    expect(actor.getSnapshot().matches('submitting')).toBe(true);
    await waitFor(actor, (state) => state.matches('submitted'));
    expect(sent.map((submission) => submission.answers.length)).toEqual([3]);
  });

  it('Scenario: without a live actor the submission fails naming what is missing', async () => {
    const actor = createActor(questionnaireMachine, { input: { form: survey } }).start();
    for (const value of ['101', '204', '303', '']) {
      actor.send({ type: 'answer.change', value });
      actor.send({ type: 'answer.next' });
    }
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(failureMessage(actor.getSnapshot())).toBe("'submit form' not provided");
  });
});
