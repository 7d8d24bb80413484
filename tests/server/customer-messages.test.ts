import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { consoleEndpoints } from '@contract/console/api';
import { envelope } from '@contract/envelope';
import type { FormDefinition, QuestionDefinition, Texts } from '@contract/forms/definition';
import { FRANCHISE_QUESTIONS as Q, franchiseForm } from '@contract/forms/franchise';
import { SKINCARE_FORM_ID } from '@contract/forms/skincare-routine';
import { contactMessages, forms, publicMessages, shops, staffAudit, users } from '../../server/db/schema';
import { call } from './checkout-support/helpers';
import { staffMember } from './checkout-support/counter';
import { checkoutTestFile } from './checkout-support/test-file';

/*
 * What customers send the shop and what it says to all of them, in the operator console. Form and
 * survey submissions (listed, filtered, paged, exported as CSV), contact messages (read, done) and public messages
 * (written, changed, deleted), each sent through the customer API first; on PGlite and PostgreSQL.
 */

const { t, clock, database } = checkoutTestFile('customer-messages');
const KEBAB = 'kebab.localhost';

const both = (fa: string, en: string): Texts => ({ fa, en });
const none = both('', '');
const question = (fields: Pick<QuestionDefinition, 'id' | 'type' | 'text' | 'next_question_id'> & Partial<QuestionDefinition>): QuestionDefinition => ({
  required: 1,
  min: null,
  max: null,
  decimal: 0,
  error: none,
  placeholder: none,
  response: [],
  ...fields,
});

/** A two-question form of `kind`: a city (text) and an optional note (multi-line). */
const definition = (kind: 'form' | 'survey', title: Texts): FormDefinition => ({
  id: 0,
  kind,
  title,
  description: none,
  success_message: both('ممنون', 'Thanks'),
  first_question_id: 1,
  questions: [
    question({ id: 1, type: 'input-text', max: 100, text: both('کدام شهر؟', 'Which city?'), next_question_id: 2 }),
    question({ id: 2, type: 'textarea', required: 0, max: 300, text: both('توضیحات', 'Notes'), next_question_id: null }),
  ],
});

const ids: Record<string, number> = {};
const stored: Record<string, number> = {};

async function store(slug: string, form: FormDefinition): Promise<number> {
  const [row] = await t.db.insert(forms).values({ shopId: ids[slug], kind: form.kind, definition: form }).returning({ id: forms.id });
  return row.id;
}

beforeAll(async () => {
  for (const row of await t.db.select({ id: shops.id, slug: shops.slug }).from(shops)) ids[row.slug] = row.id;
  stored.form = await store('kebab', definition('form', both('فرم همکاری', 'Partner form')));
  stored.csvForm = await store('kebab', definition('form', both('فرم خروجی', 'Export form')));
  stored.pagedForm = await store('kebab', definition('form', both('فرم صفحه‌ها', 'Paged form')));
  stored.survey = await store('kebab', definition('survey', both('نظرسنجی', 'Survey')));
  stored.skincare = await store('skincare', definition('form', both('فرم دیگر', 'Other form')));
});

let ipSeq = 1;
/** A client address no other call used (anonymous forms and contact messages are limited per address). */
const freshIp = () => `10.83.${Math.floor(ipSeq / 250) % 250}.${ipSeq++ % 250}`;

/** A customer API call from a fresh address; `cookie` signs it in. */
async function customer(host: string, fields: Record<string, string>, cookie?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/order/order.php',
    remoteAddress: freshIp(),
    headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
  const body = response.json() as { result: string; message: string | null; data: { id?: number } | null };
  if (response.statusCode !== 200) throw new Error(`${fields.code} answered ${response.statusCode}: ${response.body}`);
  return body.data as { id: number };
}

/** submit_form of a stored form (or the shop's default, the franchise application, when `formId` is absent). */
async function submitForm(host: string, answers: [number, string][], options: { formId?: number; language?: string; cookie?: string; form?: FormDefinition } = {}) {
  const form = options.form ?? franchiseForm;
  const entries = answers.map(([id, response]) => ({ id, que: form.questions.find((entry) => entry.id === id)?.text.fa ?? '?', response, type: 'x' }));
  const fields = { code: 'submit_form', form: JSON.stringify(entries), language: options.language ?? 'fa', ...(options.formId === undefined ? {} : { form_id: String(options.formId) }) };
  return (await customer(host, fields, options.cookie)).id;
}

async function submitSurvey(host: string, answers: [number, string][], options: { language?: string; cookie?: string } = {}) {
  const fields = { code: 'submit_survey', answers: JSON.stringify(answers.map(([question_id, user_input]) => ({ question_id, user_input }))), language: options.language ?? 'fa' };
  return (await customer(host, fields, options.cookie)).id;
}

/** A valid franchise application (class A property). */
const franchiseAnswers: [number, string][] = [
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
];

/** An instant by its Tehran wall clock ('YYYY-MM-DDTHH:mm'): Tehran is UTC+03:30 all year. */
const tehran = (local: string) => new Date(`${local}:00+03:30`);

const owner = () => staffMember(t, 'kebab', 'owner');

describe(`form and survey submissions in the console (${database})`, () => {
  it("Scenario: a customer's submit_form and an anonymous submit_survey are listed newest first with their answers, form titles and customer", async () => {
    clock.set(tehran('2025-06-10T09:15'));
    const { userId, cookie } = await t.signIn('kebab', { name: 'مریم کاظمی' });
    const formId = await submitForm(KEBAB, [[1, 'شیراز'], [2, 'سلام دنیا']], { formId: stored.form, cookie, form: definition('form', none) });
    clock.set(tehran('2025-06-10T09:20'));
    const surveyId = await submitSurvey(KEBAB, [[1, 'Tabriz']], { language: 'en' });
    const { api } = await owner();

    const page = await api.call('form_submissions', { kind: 'form', form_id: stored.form, from: '2025-06-10', to: '2025-06-10' });
    // The franchise application (the shop offers /collaborate) first, then the stored forms, in the console's language.
    expect(page.forms.slice(0, 2)).toEqual([
      { id: 0, kind: 'form', title: franchiseForm.title.en },
      { id: stored.form, kind: 'form', title: 'Partner form' },
    ]);
    expect(page.forms.some((form) => form.id === stored.survey || form.id === stored.skincare)).toBe(false);
    expect(page).toMatchObject({ total: 1, next_offset: null });
    const [{ mobile }] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(page.submissions).toEqual([
      {
        id: formId,
        kind: 'form',
        form_id: stored.form,
        form_title: 'Partner form',
        created_at: tehran('2025-06-10T09:15').toISOString(),
        language: 'fa',
        customer: { user_id: userId, name: 'مریم کاظمی', mobile },
        answers: [
          { id: 1, que: 'کدام شهر؟', response: 'شیراز', type: 'input-text' },
          { id: 2, que: 'توضیحات', response: 'سلام دنیا', type: 'textarea' },
        ],
      },
    ]);

    const surveys = await api.post({ code: 'form_submissions', kind: 'survey', from: '2025-06-10', to: '2025-06-10' }, 'fa');
    const parsed = v.parse(envelope(consoleEndpoints.form_submissions.data), surveys.body).data;
    expect(parsed.forms).toEqual([{ id: stored.survey, kind: 'survey', title: 'نظرسنجی' }]);
    expect(parsed.submissions.map((submission) => [submission.id, submission.form_title, submission.language, submission.customer])).toEqual([[surveyId, 'نظرسنجی', 'en', null]]);
    // The optional note left out is on the path, empty.
    expect(parsed.submissions[0].answers).toEqual([
      { id: 1, que: 'Which city?', response: 'Tabriz', type: 'input-text' },
      { id: 2, que: 'Notes', response: '', type: 'textarea' },
    ]);
  });

  it('Scenario: filters by form (0: the franchise application) and by Tehran day, both ends inclusive, on the day boundaries', async () => {
    clock.set(tehran('2025-07-01T23:59'));
    const lateFirst = await submitForm(KEBAB, franchiseAnswers);
    clock.set(tehran('2025-07-02T00:00'));
    const earlySecond = await submitForm(KEBAB, franchiseAnswers, { language: 'en' });
    const stored2 = await submitForm(KEBAB, [[1, 'کرج']], { formId: stored.form, form: definition('form', none) });
    clock.set(tehran('2025-07-03T00:00'));
    const third = await submitForm(KEBAB, franchiseAnswers);
    const { api } = await owner();
    const listed = async (fields: Record<string, string | number>) => (await api.call('form_submissions', { kind: 'form', ...fields })).submissions.map((submission) => submission.id);

    expect(await listed({ form_id: 0, from: '2025-07-01', to: '2025-07-01' })).toEqual([lateFirst]);
    expect(await listed({ form_id: 0, from: '2025-07-02', to: '2025-07-02' })).toEqual([earlySecond]);
    expect(await listed({ form_id: 0, from: '2025-07-01', to: '2025-07-03' })).toEqual([third, earlySecond, lateFirst]);
    expect(await listed({ from: '2025-07-02', to: '2025-07-02' })).toEqual([stored2, earlySecond]);
    expect(await listed({ form_id: stored.form, from: '2025-07-01', to: '2025-07-03' })).toEqual([stored2]);
    expect(await listed({ form_id: 0, from: '2025-07-03' })).toEqual(expect.arrayContaining([third]));
    expect(await listed({ form_id: 0, from: '2025-07-03' })).not.toContain(earlySecond);
    expect(await listed({ form_id: 0, to: '2025-07-01' })).toContain(lateFirst);
    expect(await listed({ form_id: 0, to: '2025-07-01' })).not.toContain(earlySecond);
    const [franchise] = (await api.call('form_submissions', { kind: 'form', form_id: 0, from: '2025-07-02', to: '2025-07-02' })).submissions;
    expect(franchise).toMatchObject({ form_id: 0, form_title: franchiseForm.title.en, language: 'en' });
    expect(franchise.answers[0]).toEqual({ id: Q.fullName, que: franchiseForm.questions.find((entry) => entry.id === Q.fullName)?.text.en, response: 'سارا احمدی', type: 'input-text' });
    // A choice reads as its option's words in the customer's language, not as the option's id (72).
    const propertyClass = franchiseForm.questions.find((entry) => entry.id === Q.propertyClass)!;
    const chosen = propertyClass.response.find((option) => option.id === 72)!;
    expect(franchise.answers.find((answer) => answer.id === Q.propertyClass)?.response).toBe(chosen.text.en);

    for (const day of ['2025-02-30', '2025-13-01']) {
      const refused = await api.post({ code: 'form_submissions', kind: 'form', from: day });
      expect([refused.statusCode, refused.body.result, refused.body.message]).toEqual([400, 'invalid_input', 'The field "from" is invalid (a day, YYYY-MM-DD).']);
    }
  });

  it('Scenario: a page of two of three, then the last one with next_offset null', async () => {
    clock.set(tehran('2025-08-01T10:00'));
    const submitted: number[] = [];
    for (const [index, city] of ['رشت', 'ساری', 'گرگان'].entries()) {
      clock.set(tehran(`2025-08-01T10:0${index}`));
      submitted.push(await submitForm(KEBAB, [[1, city]], { formId: stored.pagedForm, form: definition('form', none) }));
    }
    const { api } = await owner();
    const first = await api.call('form_submissions', { kind: 'form', form_id: stored.pagedForm, length: 2 });
    expect([first.submissions.map((submission) => submission.id), first.total, first.next_offset]).toEqual([[submitted[2], submitted[1]], 3, 2]);
    const last = await api.call('form_submissions', { kind: 'form', form_id: stored.pagedForm, length: 2, offset: 2 });
    expect([last.submissions.map((submission) => submission.id), last.total, last.next_offset]).toEqual([[submitted[0]], 3, null]);
  });

  it("Scenario: another shop's submissions never appear, a branch's only at the branch's own host", async () => {
    clock.set(tehran('2025-09-05T12:00'));
    const atKebab = await submitForm(KEBAB, franchiseAnswers);
    const atSkincare = await submitForm('skincare.localhost', [[1, 'قم']], { formId: stored.skincare, form: definition('form', none) });
    const atSkincareFranchise = await submitForm('skincare.localhost', franchiseAnswers);
    const atBranch = await submitForm('chain-tehran.localhost', franchiseAnswers);
    const day = { from: '2025-09-05', to: '2025-09-05' };

    const kebab = await (await owner()).api.call('form_submissions', { kind: 'form', ...day });
    expect(kebab.submissions.map((submission) => submission.id)).toEqual([atKebab]);
    expect(kebab.total).toBe(1);
    const kebabCsv = await (await owner()).api.call('form_submissions_csv', { kind: 'form', ...day });
    expect(kebabCsv.rows).toBe(1);
    // A form id of another shop lists nothing.
    expect((await (await owner()).api.call('form_submissions', { kind: 'form', form_id: stored.skincare })).submissions).toEqual([]);

    const skincare = await (await staffMember(t, 'skincare', 'owner')).api.call('form_submissions', { kind: 'form', ...day });
    expect(skincare.submissions.map((submission) => submission.id)).toEqual([atSkincareFranchise, atSkincare]);
    // The franchise application, the seeded routine finder (its contract id) and this file's form.
    expect(skincare.forms.map((form) => form.id)).toEqual([0, SKINCARE_FORM_ID, stored.skincare]);

    const master = await (await staffMember(t, 'chain', 'owner')).api.call('form_submissions', { kind: 'form', ...day });
    expect(master.submissions).toEqual([]);
    const branch = await (await staffMember(t, 'chain-tehran', 'owner')).api.call('form_submissions', { kind: 'form', ...day });
    expect(branch.submissions.map((submission) => submission.id)).toEqual([atBranch]);
  });

  it('Scenario: a staff member who is not the owner is refused submissions and public messages (owner_only), not contact messages', async () => {
    const staff = await staffMember(t, 'kebab', 'staff');
    const [mine] = await t.db.insert(publicMessages).values({ shopId: ids.kebab, name: 'Kebab', body: 'ثابت' }).returning();
    for (const [code, fields] of [
      ['form_submissions', { kind: 'form' }],
      ['form_submissions_csv', { kind: 'survey' }],
      ['public_messages', {}],
      ['public_message_add', { body: 'سلام' }],
      ['public_message_update', { message_id: mine.id, body: 'سلام' }],
      ['public_message_delete', { message_id: mine.id }],
    ] as const) {
      const answer = await staff.api.post({ code, ...fields });
      expect([answer.statusCode, answer.body.result], code).toEqual([403, 'owner_only']);
    }
    expect((await t.db.select().from(publicMessages).where(eq(publicMessages.id, mine.id)))[0].body).toBe('ثابت');
    expect(await staff.api.call('contact_messages')).toMatchObject({ next_offset: null });
  });
});

describe(`the submissions CSV (${database})`, () => {
  it('Scenario: in Persian, the BOM, the headers with the Jalali date, a Persian answer intact, a formula escaped and a comma or line break quoted', async () => {
    clock.set(tehran('2025-10-01T08:05'));
    const { cookie } = await t.signIn('kebab', { name: 'Ali, "the" Customer' });
    const form = definition('form', none);
    await submitForm(KEBAB, [[1, 'اصفهان'], [2, 'خیلی خوب بود']], { formId: stored.csvForm, form, cookie });
    clock.set(tehran('2025-10-02T21:40'));
    await submitForm(KEBAB, [[1, '=HYPERLINK("http://evil")'], [2, 'one, two\nthree "quoted"']], { formId: stored.csvForm, form, language: 'en' });
    clock.set(tehran('2025-10-03T12:00'));
    const { api } = await owner();

    const answer = await api.post({ code: 'form_submissions_csv', kind: 'form', form_id: String(stored.csvForm) }, 'fa');
    expect(answer.statusCode).toBe(200);
    const data = v.parse(envelope(consoleEndpoints.form_submissions_csv.data), answer.body).data;
    expect(data.filename).toBe('form-submissions-20251003.csv');
    expect(data.rows).toBe(2);
    expect(data.csv.startsWith('\uFEFF')).toBe(true);
    expect(data.csv.endsWith('\r\n')).toBe(true);
    const lines = data.csv.slice(1).split('\r\n');
    // The questions in the order first asked: the older (Persian) submission's first.
    expect(lines[0]).toBe('زمان,تاریخ شمسی,فرم,نام مشتری,موبایل,زبان,کدام شهر؟,توضیحات,Which city?,Notes');
    // Newest first: the English submission, its formula answer escaped and its multi-line answer quoted in one cell.
    expect(lines[1]).toBe(`2025-10-02 21:40,1404/07/10,فرم خروجی,,,en,,,"'=HYPERLINK(""http://evil"")","one, two\nthree ""quoted"""`);
    expect(data.csv).toMatch(/\r\n2025-10-01 08:05,1404\/07\/09,فرم خروجی,"Ali, ""the"" Customer",09\d{9},fa,اصفهان,خیلی خوب بود,,\r\n$/);

    const english = v.parse(envelope(consoleEndpoints.form_submissions_csv.data), (await api.post({ code: 'form_submissions_csv', kind: 'form', form_id: String(stored.csvForm) }, 'en')).body).data;
    expect(english.csv.slice(1).split('\r\n')[0]).toBe('When,Form,Customer name,Mobile,Language,کدام شهر؟,توضیحات,Which city?,Notes');
    expect(english.csv).toContain('2025-10-01 08:05,Export form,');

    const surveys = await api.call('form_submissions_csv', { kind: 'survey', from: '2030-01-01' });
    expect(surveys).toEqual({ filename: 'survey-answers-20251003.csv', csv: '\uFEFFWhen,Form,Customer name,Mobile,Language\r\n', rows: 0 });
  });
});

/** A contact_us message to `host`; its id. */
const contactUs = (host: string, message: string) => customer(host, { code: 'contact_us', name: 'Reza', phone: '09121112233', email: 'reza@example.com', message }).then((data) => data.id);

describe(`contact messages (${database})`, () => {
  it('Scenario: a contact_us message is open and unread; read drops the unread count; done moves it to the done list, and back', async () => {
    const staff = await staffMember(t, 'kebab', 'staff');
    const id = await contactUs(KEBAB, 'سلام، ساعت کاری جمعه؟');
    const open = await staff.api.call('contact_messages');
    expect(open.messages[0]).toMatchObject({ id, name: 'Reza', phone: '09121112233', email: 'reza@example.com', message: 'سلام، ساعت کاری جمعه؟', read: false, done: false });
    const unread = open.unread;
    expect(unread).toBeGreaterThanOrEqual(1);

    expect(await staff.api.call('contact_message_mark', { message_id: id, read: 1 })).toMatchObject({ id, read: true, done: false });
    expect((await staff.api.call('contact_messages')).unread).toBe(unread - 1);
    expect(await staff.api.call('contact_message_mark', { message_id: id, read: 0 })).toMatchObject({ read: false });
    expect((await staff.api.call('contact_messages')).unread).toBe(unread);

    // Done reads it too: a handled message is no longer news.
    expect(await staff.api.call('contact_message_mark', { message_id: id, done: 1 })).toMatchObject({ id, read: true, done: true });
    const after = await staff.api.call('contact_messages');
    expect(after.messages.some((message) => message.id === id)).toBe(false);
    expect(after.unread).toBe(unread - 1);
    expect((await staff.api.call('contact_messages', { state: 'done' })).messages.map((message) => message.id)).toContain(id);

    expect(await staff.api.call('contact_message_mark', { message_id: id, done: 0 })).toMatchObject({ done: false, read: true });
    expect((await staff.api.call('contact_messages')).messages.map((message) => message.id)).toContain(id);
    expect((await staff.api.call('contact_messages', { state: 'done' })).messages.map((message) => message.id)).not.toContain(id);
  });

  it("Scenario: another shop's contact message is a localised 404 and stays as it was; it is never listed", async () => {
    const theirs = await contactUs('cafe.localhost', 'پیام کافه');
    const staff = await staffMember(t, 'kebab', 'staff');
    const english = await staff.api.post({ code: 'contact_message_mark', message_id: String(theirs), read: '1' });
    expect([english.statusCode, english.body.result, english.body.message]).toEqual([404, 'not_found', 'This contact message was not found at this shop.']);
    const persian = await staff.api.post({ code: 'contact_message_mark', message_id: String(theirs), done: '1' }, 'fa');
    expect([persian.statusCode, persian.body.message]).toEqual([404, 'این پیام تماس در این فروشگاه پیدا نشد.']);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, theirs));
    expect([row.readAt, row.doneAt]).toEqual([null, null]);
    for (const state of ['open', 'done']) {
      expect((await staff.api.call('contact_messages', { state, length: 50 })).messages.map((message) => message.id)).not.toContain(theirs);
    }
  });
});

describe(`public messages (${database})`, () => {
  const customerMessages = async (cookie: string) => {
    const reply = await call(t, KEBAB, cookie, 'get_messages', { type: 'public', length: 50 });
    if (!reply.ok) throw new Error(`get_messages: ${reply.message}`);
    return reply.data.messages.map((message) => ({ id: message.id, name: message.name, message: message.message }));
  };

  it("Scenario: the owner adds a message signed with the shop's name, the customer reads it, then the changed text, and nothing once deleted; each is audited", async () => {
    clock.set(tehran('2025-11-01T10:00'));
    const { api } = await owner();
    const { cookie } = await t.signIn('kebab');
    const [kebab] = await t.db.select().from(shops).where(eq(shops.id, ids.kebab));

    const added = await api.call('public_message_add', { body: '  تخفیف ویژه آخر هفته  ' });
    expect(added).toEqual({ id: added.id, name: kebab.name, body: 'تخفیف ویژه آخر هفته', created_at: tehran('2025-11-01T10:00').toISOString() });
    expect((await customerMessages(cookie))[0]).toEqual({ id: added.id, name: kebab.name, message: 'تخفیف ویژه آخر هفته' });
    expect((await api.call('public_messages'))[0]).toEqual(added);

    const changed = await api.call('public_message_update', { message_id: added.id, body: 'تخفیف تا جمعه تمدید شد' });
    expect(changed).toMatchObject({ id: added.id, name: kebab.name, body: 'تخفیف تا جمعه تمدید شد' });
    expect((await customerMessages(cookie))[0]).toEqual({ id: added.id, name: kebab.name, message: 'تخفیف تا جمعه تمدید شد' });

    expect(await api.call('public_message_delete', { message_id: added.id })).toEqual({ id: added.id });
    expect((await customerMessages(cookie)).map((message) => message.id)).not.toContain(added.id);
    expect((await api.call('public_messages')).map((message) => message.id)).not.toContain(added.id);

    const audit = await t.db.select().from(staffAudit).where(eq(staffAudit.subjectId, added.id));
    expect(audit.filter((entry) => entry.subjectType === 'public_message').map((entry) => entry.action)).toEqual(['public_message.create', 'public_message.update', 'public_message.delete']);
  });

  it("Scenario: a blank message is refused in the request's language with nothing written; another shop's message is a 404", async () => {
    const { api } = await owner();
    const [mine] = await t.db.insert(publicMessages).values({ shopId: ids.kebab, name: 'Kebab', body: 'پیام ثابت' }).returning();
    const [theirs] = await t.db.insert(publicMessages).values({ shopId: ids.cafe, name: 'Cafe', body: 'پیام کافه' }).returning();
    const written = async () => JSON.stringify([(await t.db.select().from(publicMessages)).sort((a, b) => a.id - b.id), (await t.db.select().from(staffAudit)).length]);
    const before = await written();

    for (const body of ['', '   ', '\n \r\n', '\u200c ']) {
      const english = await api.post({ code: 'public_message_add', body });
      expect([english.statusCode, english.body.result, english.body.message], JSON.stringify(body)).toEqual([400, 'invalid_input', 'Write the message; a blank message is not sent.']);
      const persian = await api.post({ code: 'public_message_update', message_id: String(mine.id), body }, 'fa');
      expect([persian.statusCode, persian.body.result, persian.body.message], JSON.stringify(body)).toEqual([400, 'invalid_input', 'متن پیام را بنویسید؛ پیام خالی فرستاده نمی‌شود.']);
    }
    for (const [code, fields] of [
      ['public_message_update', { message_id: String(theirs.id), body: 'ربوده شد' }],
      ['public_message_delete', { message_id: String(theirs.id) }],
    ] as const) {
      const answer = await api.post({ code, ...fields });
      expect([answer.statusCode, answer.body.result, answer.body.message], code).toEqual([404, 'not_found', 'This public message was not found at this shop.']);
    }
    expect((await api.call('public_messages')).map((message) => message.id)).not.toContain(theirs.id);
    expect(await written()).toBe(before);
  });
});
