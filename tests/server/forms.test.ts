import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { and, count, eq } from 'drizzle-orm';
import { endpoints } from '@contract/api';
import { toPersianDigits } from '@contract/digits';
import type { FormEntry } from '@contract/entities/form';
import { localizeForm, type FormDefinition, type QuestionDefinition, type Texts } from '@contract/forms/definition';
import { FRANCHISE_FORM_ID, FRANCHISE_QUESTIONS as Q, franchiseForm } from '@contract/forms/franchise';
import { DEMO_SURVEY_ID, SKINCARE_FORM_ID, SKINCARE_QUESTIONS as SQ, demoSurvey, skincareForm } from '@contract/forms/skincare-routine';
import { COLLABORATE_INTERFACES, FIRST_STORED_FORM_ID, SURVEY_TITLE_OVERRIDES, surveyTitle } from '@contract/rules/forms';
import { formSubmissions, forms, shops } from '../../server/db/schema';
import { ANONYMOUS_WRITE_LIMITS, SIGNED_IN_WRITE_LIMITS } from '../../server/services/anonymous-limits';
import { testClock } from './helpers/account-browser';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * Forms and surveys (spec §3 Form question, §7 Survey and submit_form, §9 the 1253 title):
 * get_form, submit_form, get_survey, submit_survey on the server, with the walk of
 * contract/rules/questionnaire.ts deciding every submission.
 */

const clock = testClock();
let t: TestApp;
const ids: Record<string, number> = {};

const both = (fa: string, en: string): Texts => ({ fa, en });
const none = both('', '');
const questionOf = (fields: Pick<QuestionDefinition, 'id' | 'type' | 'text' | 'next_question_id'> & Partial<QuestionDefinition>): QuestionDefinition => ({
  required: 1,
  min: null,
  max: null,
  decimal: 0,
  error: none,
  placeholder: none,
  response: [],
  ...fields,
});

/** A small branching form: a radio routes to one of two questions, then an optional checkbox. */
const branching: FormDefinition = {
  id: 0,
  kind: 'form',
  title: both('فرم آزمایشی', 'Test form'),
  description: both('چند پرسش کوتاه', 'A few short questions'),
  success_message: both('ممنون از شما', 'Thank you'),
  first_question_id: 1,
  questions: [
    questionOf({
      id: 1,
      type: 'radio',
      text: both('مغازه دارید؟', 'Do you have a shop?'),
      error: both('یکی را انتخاب کنید.', 'Choose one.'),
      response: [
        { id: 11, text: both('بله', 'Yes'), next_question_id: 2 },
        { id: 12, text: both('خیر', 'No'), next_question_id: 3 },
      ],
      next_question_id: null,
    }),
    questionOf({
      id: 2,
      type: 'input-number',
      min: 20,
      max: 500,
      text: both('متراژ مغازه', 'Shop floor area'),
      error: both('متراژ باید بین ۲۰ و ۵۰۰ باشد.', 'The area must be 20 to 500.'),
      next_question_id: 4,
    }),
    questionOf({ id: 3, type: 'input-text', min: 2, max: 50, text: both('کدام شهر؟', 'Which city?'), next_question_id: 4 }),
    questionOf({
      id: 4,
      type: 'checkbox',
      required: 0,
      max: 2,
      text: both('چه می‌فروشید؟', 'What do you sell?'),
      error: both('حداکثر دو مورد.', 'At most two.'),
      response: [
        { id: 41, text: both('پوشاک', 'Clothes'), next_question_id: null },
        { id: 42, text: both('خوراک', 'Food'), next_question_id: null },
        { id: 43, text: both('لوازم', 'Hardware'), next_question_id: null },
      ],
      next_question_id: null,
    }),
  ],
};

const survey: FormDefinition = {
  ...branching,
  kind: 'survey',
  title: both('نظرسنجی', 'Survey'),
  success_message: both('نظر شما ثبت شد', 'Your answers were saved'),
  first_question_id: 5,
  questions: [
    questionOf({
      id: 5,
      type: 'radio',
      text: both('از ما راضی بودید؟', 'Were you happy with us?'),
      error: both('لطفا یک گزینه را انتخاب کنید.', 'Please choose an option.'),
      response: [
        { id: 51, text: both('بله', 'Yes'), next_question_id: null },
        { id: 52, text: both('خیر', 'No'), next_question_id: 6 },
      ],
      next_question_id: null,
    }),
    questionOf({ id: 6, type: 'textarea', max: 300, text: both('چه چیزی را بهتر کنیم؟', 'What should we improve?'), next_question_id: null }),
  ],
};

/** Stored fixtures: their row ids. */
const stored: Record<string, number> = {};

async function store(slug: string, definition: FormDefinition): Promise<number> {
  const [row] = await t.db.insert(forms).values({ shopId: ids[slug], kind: definition.kind, definition }).returning({ id: forms.id });
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  for (const row of await t.db.select({ id: shops.id, slug: shops.slug }).from(shops)) ids[row.slug] = row.id;
  stored.grocery = await store('grocery', branching);
  stored.grocerySurvey = await store('grocery', survey);
  stored.nuts = await store('nuts', branching);
  stored.soon = await store('soon', branching);
  stored.members = await store('members', branching);
});
afterAll(() => t.close());

let ipSeq = 1;
/** A fresh client address, so the anonymous limit of one scenario does not reach the next. */
const freshIp = () => `10.9.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;

interface Reply {
  status: number;
  result: string;
  message: string | null;
  data: unknown;
  retryAfter: string | undefined;
}

async function post(slug: string, fields: Record<string, string>, { ip = freshIp(), cookie }: { ip?: string; cookie?: string } = {}): Promise<Reply> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/order/order.php',
    remoteAddress: ip,
    headers: { host: `${slug}.localhost`, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
  const body = response.json() as { result: string; message: string | null; data: unknown };
  return { status: response.statusCode, result: body.result, message: body.message, data: body.data, retryAfter: response.headers['retry-after'] as string | undefined };
}

const getForm = async (slug: string, id: number | string, language = 'fa') => post(slug, { code: 'get_form', id: String(id), language });
const formOf = (reply: Reply) => v.parse(endpoints.get_form.data, reply.data);

type Answers = [id: number, response: string][];
const entries = (answers: Answers, definition: FormDefinition = franchiseForm): FormEntry[] =>
  answers.map(([id, response]) => ({ id, que: definition.questions.find((question) => question.id === id)?.text.fa ?? '?', response, type: 'x' }));
const submitForm = (slug: string, answers: Answers, extra: Record<string, string> = {}, who: { ip?: string; cookie?: string } = {}) =>
  post(slug, { code: 'submit_form', form: JSON.stringify(entries(answers)), ...extra }, who);
const submitSurvey = (slug: string, answers: Answers, extra: Record<string, string> = {}, who: { ip?: string; cookie?: string } = {}) =>
  post(slug, { code: 'submit_survey', answers: JSON.stringify(answers.map(([question_id, user_input]) => ({ question_id, user_input }))), ...extra }, who);

/** A valid franchise application: class A property (area question 9). */
const franchiseAnswers = (overrides: Answers = []): Answers => {
  const answers = new Map<number, string>([
    [Q.fullName, 'سارا احمدی'],
    [Q.city, 'اصفهان'],
    [Q.age, '34'],
    [Q.mobile, '9121234567'],
    [Q.experience, 'ده سال مدیریت رستوران'],
    [Q.address, 'اصفهان، خیابان چهارباغ، پلاک ۱۲'],
    [Q.propertyClass, '72'],
    [9, '150'],
    [Q.ceiling, '4.5'],
    [Q.ducts, '2'],
    [Q.amperage, '40'],
    [Q.gasMeter, '162'],
    [Q.lease, '5'],
  ]);
  for (const [id, value] of overrides) answers.set(id, value);
  return [...answers];
};

async function submissionsAt(slug: string): Promise<number> {
  const [{ total }] = await t.db.select({ total: count() }).from(formSubmissions).where(eq(formSubmissions.shopId, ids[slug]));
  return total;
}
const allSubmissions = async () => (await t.db.select({ total: count() }).from(formSubmissions))[0].total;

describe('get_form', () => {
  it('Scenario: a stored form in fa and in en, under its row id', async () => {
    const fa = formOf(await getForm('grocery', 0, 'fa'));
    expect(fa).toMatchObject({ id: stored.grocery, kind: 'form', title: 'فرم آزمایشی', success_message: 'ممنون از شما', first_question_id: 1 });
    expect(fa.questions[0]).toMatchObject({ text: 'مغازه دارید؟', response: [{ id: 11, text: 'بله', next_question_id: 2 }, { id: 12, text: 'خیر', next_question_id: 3 }] });
    const en = formOf(await getForm('grocery', stored.grocery, 'en'));
    expect(en).toMatchObject({ id: stored.grocery, title: 'Test form', description: 'A few short questions' });
    expect(en.questions.map((question) => question.text)).toEqual(['Do you have a shop?', 'Shop floor area', 'Which city?', 'What do you sell?']);
    expect(stored.grocery).toBeGreaterThanOrEqual(FIRST_STORED_FORM_ID);
  });

  it('Scenario: at a shop with /collaborate (interface 2 or 100) the default form is the franchise application, in fa and en', async () => {
    expect(COLLABORATE_INTERFACES).toEqual([2, 100]);
    const fa = formOf(await getForm('kebab', 0));
    expect(fa).toMatchObject({ id: FRANCHISE_FORM_ID, kind: 'form', title: franchiseForm.title.fa });
    expect(fa.questions.find((question) => question.id === Q.age)?.error).toBe('لطفا عددی صحیح بین ۱۸ و ۱۰۰ وارد کنید.');
    const en = formOf(await post('kebab', { code: 'get_form', language: 'en' }));
    expect(en).toMatchObject({ id: FRANCHISE_FORM_ID, title: franchiseForm.title.en });
    expect(formOf(await getForm('kebab', FRANCHISE_FORM_ID))).toEqual(fa);
    // The blank id of a client that sends every field reads as 0.
    expect(formOf(await getForm('kebab', ''))).toEqual(fa);
  });

  it('Scenario: the franchise form is a 404 at a shop without /collaborate, and so is a default where nothing is stored', async () => {
    for (const [slug, id] of [['grocery', FRANCHISE_FORM_ID], ['menu', 0], ['menu', FRANCHISE_FORM_ID]] as const) {
      const reply = await getForm(slug, id);
      expect(reply, `${slug} ${id}`).toMatchObject({ status: 404, result: 'not_found', message: 'فرم مورد نظر پیدا نشد.', data: null });
    }
    expect((await getForm('menu', 0, 'en')).message).toBe('This form could not be found.');
  });

  it("Scenario: another shop's form id is a 404, and so is a survey's id asked as a form", async () => {
    expect(await getForm('grocery', stored.nuts)).toMatchObject({ status: 404, result: 'not_found' });
    expect(await getForm('nuts', stored.grocery)).toMatchObject({ status: 404, result: 'not_found' });
    expect(await getForm('grocery', stored.grocerySurvey)).toMatchObject({ status: 404, result: 'not_found' });
    expect(await getForm('grocery', 999_999)).toMatchObject({ status: 404, result: 'not_found' });
  });

  it('Scenario: forms answer everyone: an anonymous visitor of a members-only shop and a shop in maintenance', async () => {
    expect(formOf(await getForm('members', 0)).id).toBe(stored.members);
    expect(formOf(await getForm('soon', 0)).id).toBe(stored.soon);
    expect((await submitForm('soon', [[1, '12'], [3, 'تهران']], { form_id: String(stored.soon) })).status).toBe(200);
  });
});

describe('submit_form', () => {
  it('Scenario: a valid franchise application is stored once, as the path with the question texts in the request language', async () => {
    const before = await submissionsAt('kebab');
    const reply = await submitForm('kebab', franchiseAnswers());
    expect(reply.status).toBe(200);
    const data = v.parse(endpoints.submit_form.data, reply.data);
    expect(data.message).toBe(franchiseForm.success_message.fa);
    expect(await submissionsAt('kebab')).toBe(before + 1);
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, data.id));
    expect(row).toMatchObject({ shopId: ids.kebab, formId: null, kind: 'form', userId: null, language: 'fa' });
    // The path: the skipped area questions of the other classes are not in it; the optional last two are, empty.
    expect(row.answers.map((entry) => entry.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 9, 13, 14, 15, 16, 17, 18, 19]);
    expect(row.answers[2]).toEqual({ id: Q.age, que: 'سن', response: '34', type: 'input-number' });
    expect(row.answers[6]).toEqual({ id: Q.propertyClass, que: 'کلاس ملک', response: '72', type: 'radio' });
    expect(row.answers[8]).toEqual({ id: Q.ceiling, que: 'ارتفاع سقف (متر)', response: '4.5', type: 'input-number' });
    expect(row.answers.at(-1)).toEqual({ id: Q.heardFrom, que: 'از کجا با ما آشنا شدید؟', response: '', type: 'dropdown' });
  });

  it('Scenario: in English the stored texts and the reply are English; a signed-in customer is stored with the submission', async () => {
    const { userId, cookie } = await t.signIn('kebab');
    const reply = await submitForm('kebab', franchiseAnswers([[Q.heardFrom, '193']]), { language: 'en' }, { cookie });
    expect(reply.status).toBe(200);
    const data = v.parse(endpoints.submit_form.data, reply.data);
    expect(data.message).toBe(franchiseForm.success_message.en);
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, data.id));
    expect(row).toMatchObject({ userId, language: 'en' });
    expect(row.answers[2]).toEqual({ id: Q.age, que: 'Age', response: '34', type: 'input-number' });
    expect(row.answers.at(-1)).toEqual({ id: Q.heardFrom, que: 'How did you hear about us?', response: '193', type: 'dropdown' });
  });

  it('Scenario: Persian digits are accepted and stored as Western digits', async () => {
    const reply = await submitForm('kebab', franchiseAnswers([[Q.age, '۳۰'], [Q.mobile, '۹۱۲۱۲۳۴۵۶۷'], [Q.ceiling, '۴٫۵'], [Q.propertyClass, '۷۲']]));
    expect(reply.status, reply.message ?? '').toBe(200);
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, (reply.data as { id: number }).id));
    expect(row.answers.find((entry) => entry.id === Q.age)?.response).toBe('30');
    expect(row.answers.find((entry) => entry.id === Q.mobile)?.response).toBe('9121234567');
    expect(row.answers.find((entry) => entry.id === Q.ceiling)?.response).toBe('4.5');
  });

  it('Scenario: a stored form walks its branches: the chosen branch is stored, the other is not', async () => {
    const reply = await submitForm('grocery', [[1, '11'], [2, '۱۲۰'], [4, '41,42']], { form_id: String(stored.grocery), language: 'en' });
    expect(reply.status, reply.message ?? '').toBe(200);
    expect(reply.data).toEqual({ id: expect.any(Number), message: 'Thank you' });
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, (reply.data as { id: number }).id));
    expect(row).toMatchObject({ formId: stored.grocery, kind: 'form' });
    expect(row.answers).toEqual([
      { id: 1, que: 'Do you have a shop?', response: '11', type: 'radio' },
      { id: 2, que: 'Shop floor area', response: '120', type: 'input-number' },
      { id: 4, que: 'What do you sell?', response: '41,42', type: 'checkbox' },
    ]);
  });

  /** Sends a refused submission and checks that nothing was stored anywhere. */
  async function refusedWith(send: () => Promise<Reply>, message: string | RegExp) {
    const before = await allSubmissions();
    const reply = await send();
    expect(reply).toMatchObject({ status: 400, result: 'invalid_input', data: null });
    if (typeof message === 'string') expect(reply.message).toBe(message);
    else expect(reply.message).toMatch(message);
    expect(await allSubmissions()).toBe(before);
  }

  it("Scenario: age 17 is refused with the spec's own message, in fa; in en with the English one", async () => {
    await refusedWith(() => submitForm('kebab', franchiseAnswers([[Q.age, '17']])), 'لطفا عددی صحیح بین ۱۸ و ۱۰۰ وارد کنید.');
    await refusedWith(() => submitForm('kebab', franchiseAnswers([[Q.age, '۱۷']])), 'لطفا عددی صحیح بین ۱۸ و ۱۰۰ وارد کنید.');
    await refusedWith(() => submitForm('kebab', franchiseAnswers([[Q.age, '30.5']]), { language: 'en' }), 'Please enter a whole number between 18 and 100.');
    await refusedWith(() => submitForm('kebab', franchiseAnswers([[Q.mobile, '8121234567']])), 'لطفا یک شماره موبایل معتبر وارد کنید.');
  });

  it('Scenario: a required question left out is refused with its own error', async () => {
    const withoutCity = franchiseAnswers().filter(([id]) => id !== Q.city);
    await refusedWith(() => submitForm('kebab', withoutCity), franchiseForm.questions.find((question) => question.id === Q.city)!.error.fa);
    await refusedWith(() => submitForm('kebab', franchiseAnswers([[Q.city, '  ']])), franchiseForm.questions.find((question) => question.id === Q.city)!.error.fa);
    await refusedWith(() => submitForm('kebab', []), franchiseForm.questions.find((question) => question.id === Q.fullName)!.error.fa);
  });

  it('Scenario: an answer to a question the path skipped is refused, naming it', async () => {
    // Class A goes to area question 9; an answer to class C's area question (12) is off the path.
    await refusedWith(() => submitForm('kebab', franchiseAnswers([[12, '60']])), `پرسش «${franchiseForm.questions.find((q) => q.id === 12)!.text.fa}» با پاسخ‌های قبلی شما پرسیده نمی‌شود؛ پاسخ آن را حذف کنید.`);
    await refusedWith(
      () => submitForm('grocery', [[1, '12'], [3, 'Tehran'], [2, '100']], { form_id: String(stored.grocery), language: 'en' }),
      'The question "Shop floor area" is not asked after your earlier answers; leave its answer out.',
    );
  });

  it('Scenario: an unknown question id, a question answered twice and bad JSON are refused', async () => {
    await refusedWith(() => submitForm('kebab', franchiseAnswers([[999, 'x']])), `این فرم پرسشی با شناسه ${toPersianDigits(999)} ندارد.`);
    await refusedWith(() => submitForm('kebab', franchiseAnswers([[999, 'x']]), { language: 'en' }), 'This form has no question with id 999.');
    const twice = [...franchiseAnswers(), [Q.age, '40'] as [number, string]];
    await refusedWith(() => submitForm('kebab', twice), 'به پرسش «سن» بیش از یک بار پاسخ داده شده است.');
    await refusedWith(() => submitForm('kebab', twice, { language: 'en' }), 'The question "Age" was answered more than once.');
    await refusedWith(() => post('kebab', { code: 'submit_form', form: '[{"id":1,"que":"x","response":"y"' }), /form/);
    await refusedWith(() => post('kebab', { code: 'submit_form', form: '{"id":1}' }), /form/);
    await refusedWith(() => post('kebab', { code: 'submit_form', form: '[{"id":"one","que":"x","response":"y","type":"t"}]' }), /form/);
  });

  it('Scenario: a form id of another shop, or the franchise form where there is no /collaborate, is a 404 and stores nothing', async () => {
    const before = await allSubmissions();
    expect(await submitForm('grocery', [[1, '12'], [3, 'Tehran']], { form_id: String(stored.nuts) })).toMatchObject({ status: 404, result: 'not_found' });
    expect(await submitForm('grocery', franchiseAnswers(), { form_id: String(FRANCHISE_FORM_ID) })).toMatchObject({ status: 404, result: 'not_found' });
    expect(await submitForm('menu', franchiseAnswers())).toMatchObject({ status: 404, result: 'not_found' });
    expect(await allSubmissions()).toBe(before);
  });

  it('Scenario: a form whose links loop is refused with a message naming where, and stores nothing', async () => {
    const looping: FormDefinition = { ...branching, questions: branching.questions.map((question) => (question.id === 4 ? { ...question, next_question_id: 1 } : question)) };
    const id = await store('grocery', looping);
    await refusedWith(
      () => submitForm('grocery', [[1, '12'], [3, 'Tehran']], { form_id: String(id), language: 'en' }),
      'This form returns to an earlier question at "Do you have a shop?" and cannot be completed; please tell the shop.',
    );
  });
});

describe('get_survey and submit_survey', () => {
  it("Scenario: the shop's survey in fa and en; null where there is none", async () => {
    const fa = v.parse(endpoints.get_survey.data, (await post('grocery', { code: 'get_survey' })).data);
    expect(fa).toMatchObject({ id: stored.grocerySurvey, kind: 'survey', title: 'نظرسنجی' });
    const en = v.parse(endpoints.get_survey.data, (await post('grocery', { code: 'get_survey', language: 'en' })).data);
    expect(en?.questions[0].text).toBe('Were you happy with us?');
    expect(await post('kebab', { code: 'get_survey' })).toMatchObject({ status: 200, result: 'ok', data: null });
  });

  it('Scenario: a valid survey is stored once with kind survey; a refused one stores nothing', async () => {
    const before = await submissionsAt('grocery');
    const reply = await submitSurvey('grocery', [[5, '52'], [6, 'ارسال سریع‌تر']]);
    expect(reply.status, reply.message ?? '').toBe(200);
    expect(reply.data).toEqual({ id: expect.any(Number), message: 'نظر شما ثبت شد' });
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, (reply.data as { id: number }).id));
    expect(row).toMatchObject({ shopId: ids.grocery, formId: stored.grocerySurvey, kind: 'survey' });
    expect(row.answers).toEqual([
      { id: 5, que: 'از ما راضی بودید؟', response: '52', type: 'radio' },
      { id: 6, que: 'چه چیزی را بهتر کنیم؟', response: 'ارسال سریع‌تر', type: 'textarea' },
    ]);
    expect(await submissionsAt('grocery')).toBe(before + 1);

    for (const answers of [[[5, '53']], [[5, '51'], [6, 'off the path']], [[5, '52']]] as Answers[]) {
      const refused = await submitSurvey('grocery', answers);
      expect(refused, JSON.stringify(answers)).toMatchObject({ status: 400, result: 'invalid_input' });
    }
    expect((await submitSurvey('grocery', [[5, '']], { language: 'en' })).message).toBe('Please choose an option.');
    expect(await submissionsAt('grocery')).toBe(before + 1);
  });

  it('Scenario: submit_survey at a shop without a survey is a 404', async () => {
    const reply = await submitSurvey('kebab', [[5, '51']], { language: 'en' });
    expect(reply).toMatchObject({ status: 404, result: 'not_found', message: 'This shop has no survey.' });
  });

  it("Scenario: spec §9: shop 1253's survey is titled 'contact_with_manager'", async () => {
    expect(SURVEY_TITLE_OVERRIDES).toEqual({ 1253: 'contact_with_manager' });
    expect(surveyTitle(1253, 'نظرسنجی')).toBe('contact_with_manager');
    expect(surveyTitle(ids.grocery, 'نظرسنجی')).toBe('نظرسنجی');
    // A shop row with id 1253, copied from the grocery's settings.
    const [grocery] = await t.db.select().from(shops).where(eq(shops.id, ids.grocery));
    await t.db.insert(shops).values({ ...grocery, id: 1253, slug: 'shop1253', rootId: 1253, masterId: null, logoMediaId: null, splashMobileMediaId: null, splashDesktopMediaId: null });
    ids.shop1253 = 1253;
    await store('shop1253', survey);
    for (const language of ['fa', 'en']) {
      const data = v.parse(endpoints.get_survey.data, (await post('shop1253', { code: 'get_survey', language })).data);
      expect(data?.title).toBe('contact_with_manager');
    }
  });
});

describe("the demo seed's forms", () => {
  it('Scenario: the skincare shop stores its routine finder as form 2 and still offers the franchise application by default', async () => {
    const fa = formOf(await getForm('skincare', SKINCARE_FORM_ID));
    expect(fa).toEqual(localizeForm(skincareForm, 'fa'));
    expect(formOf(await getForm('skincare', SKINCARE_FORM_ID, 'en'))).toEqual(localizeForm(skincareForm, 'en'));
    expect(formOf(await getForm('skincare', 0)).id).toBe(FRANCHISE_FORM_ID);
    expect(await getForm('kebab', SKINCARE_FORM_ID)).toMatchObject({ status: 404, result: 'not_found' });
  });

  it('Scenario: the routine finder walks its branches: oily skin, daily sunscreen (no outdoor hours), under 25 (no ageing signs)', async () => {
    const answers: Answers = [[SQ.skinType, '12'], [SQ.oilyConcerns, '31,33'], [SQ.sunscreen, '61'], [SQ.ageRange, '81']];
    const form = { code: 'submit_form', form_id: String(SKINCARE_FORM_ID), language: 'en' };
    const offPath = await post('skincare', { ...form, form: JSON.stringify(entries([...answers, [SQ.outdoorHours, '3']], skincareForm)) });
    expect(offPath).toMatchObject({ status: 400, result: 'invalid_input', message: 'The question "How many hours a day are you outdoors?" is not asked after your earlier answers; leave its answer out.' });
    const reply = await post('skincare', { ...form, form: JSON.stringify(entries(answers, skincareForm)) });
    expect(reply.status, reply.message ?? '').toBe(200);
    expect(reply.data).toEqual({ id: expect.any(Number), message: skincareForm.success_message.en });
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, (reply.data as { id: number }).id));
    expect(row).toMatchObject({ shopId: ids.skincare, formId: SKINCARE_FORM_ID, kind: 'form' });
    expect(row.answers.map((entry) => [entry.id, entry.response, entry.type])).toEqual([
      [SQ.skinType, '12', 'radio'],
      [SQ.oilyConcerns, '31,33', 'checkbox'],
      [SQ.sunscreen, '61', 'radio'],
      [SQ.ageRange, '81', 'dropdown'],
      [SQ.notes, '', 'textarea'],
    ]);
  });

  it("Scenario: the cafe's survey is the demo survey (3), answered once", async () => {
    const data = v.parse(endpoints.get_survey.data, (await post('cafe', { code: 'get_survey', language: 'en' })).data);
    expect(data).toMatchObject({ id: DEMO_SURVEY_ID, kind: 'survey', title: demoSurvey.title.en });
    const reply = await submitSurvey('cafe', [[1, '105'], [2, '201,203'], [3, '301']]);
    expect(reply.status, reply.message ?? '').toBe(200);
    const [row] = await t.db.select().from(formSubmissions).where(eq(formSubmissions.id, (reply.data as { id: number }).id));
    expect(row).toMatchObject({ shopId: ids.cafe, formId: DEMO_SURVEY_ID, kind: 'survey' });
    expect(row.answers.map((entry) => entry.response)).toEqual(['105', '201,203', '301', '']);
  });
});

describe('limits on submissions', () => {
  it(`Scenario: an address sends ${ANONYMOUS_WRITE_LIMITS.form_submission.limit} forms and surveys per 10 minutes at a shop; the next is a 429 with the wait; refused ones cost nothing`, async () => {
    const ip = freshIp();
    const { limit } = ANONYMOUS_WRITE_LIMITS.form_submission;
    for (let refusedTry = 0; refusedTry < limit + 2; refusedTry += 1) expect((await submitForm('grocery', [[1, '13']], {}, { ip })).status).toBe(400);
    for (let sent = 0; sent < limit; sent += 1) {
      const reply = sent % 2 === 0 ? await submitForm('grocery', [[1, '12'], [3, 'Tehran']], {}, { ip }) : await submitSurvey('grocery', [[5, '51']], {}, { ip });
      expect(reply.status, reply.message ?? '').toBe(200);
    }
    const before = await allSubmissions();
    const limited = await submitForm('grocery', [[1, '12'], [3, 'Tehran']], {}, { ip });
    expect(limited).toMatchObject({ status: 429, result: 'rate_limited' });
    const wait = Number(limited.retryAfter);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    expect(limited.data).toEqual({ wait_seconds: wait });
    expect(limited.message).toBe(`تعداد فرم‌های ارسالی از شبکه شما زیاد است؛ لطفا ${toPersianDigits(wait)} ثانیه دیگر تلاش کنید.`);
    const english = await submitSurvey('grocery', [[5, '51']], { language: 'en' }, { ip });
    expect(english.message).toMatch(/^Too many forms were sent from your network; please try again in \d+ seconds\.$/);
    expect(await allSubmissions()).toBe(before);

    // Another address, and the same address at another shop, are not counted with it.
    expect((await submitForm('grocery', [[1, '12'], [3, 'Tehran']])).status).toBe(200);
    expect((await submitForm('nuts', [[1, '12'], [3, 'Tehran']], {}, { ip })).status).toBe(200);

    // The window slides: ten minutes later the address may send again.
    clock.advance(601);
    expect((await submitForm('grocery', [[1, '12'], [3, 'Tehran']], {}, { ip })).status).toBe(200);
  });

  it(`Scenario: a signed-in customer is counted per account (${SIGNED_IN_WRITE_LIMITS.form_submission.limit} per 10 minutes), wherever they post from`, async () => {
    const { cookie } = await t.signIn('grocery');
    const { limit } = SIGNED_IN_WRITE_LIMITS.form_submission;
    for (let sent = 0; sent < limit; sent += 1) {
      const reply = await submitForm('grocery', [[1, '12'], [3, 'Tehran']], {}, { cookie });
      expect(reply.status, `${sent}: ${reply.message}`).toBe(200);
    }
    const limited = await submitSurvey('grocery', [[5, '51']], { language: 'en' }, { cookie });
    expect(limited).toMatchObject({ status: 429, result: 'rate_limited' });
    expect(limited.message).toMatch(/^Too many forms were sent from your account; please try again in \d+ seconds\.$/);
    // The account's count is not the address's: an anonymous visitor on a fresh address still sends.
    expect((await submitSurvey('grocery', [[5, '51']])).status).toBe(200);
  });
});

describe('tenancy', () => {
  it('Scenario: a submission at one shop is never visible or counted at another', async () => {
    const nutsBefore = await submissionsAt('nuts');
    const groceryBefore = await submissionsAt('grocery');
    const reply = await submitForm('grocery', [[1, '12'], [3, 'Shiraz']], { form_id: String(stored.grocery) });
    expect(reply.status).toBe(200);
    expect(await submissionsAt('grocery')).toBe(groceryBefore + 1);
    expect(await submissionsAt('nuts')).toBe(nutsBefore);
    const [row] = await t.db
      .select()
      .from(formSubmissions)
      .where(and(eq(formSubmissions.id, (reply.data as { id: number }).id), eq(formSubmissions.shopId, ids.nuts)));
    expect(row).toBeUndefined();
    // The grocery's survey is not the nuts shop's: it has none.
    expect((await post('nuts', { code: 'get_survey' })).data).toBeNull();
    expect((await submitSurvey('nuts', [[5, '51']])).status).toBe(404);
  });
});
