import type { ConsoleParsedRequestOf } from '@contract/console/api';
import type { ContactMessage, PublicMessage, Submission, SubmissionForm, SubmissionKind } from '@contract/console/customer-message-entities';
import { SUBMISSIONS_CSV_MAX } from '@contract/console/rules';
import type { Language } from '@contract/enums';
import type { FormDefinition } from '@contract/forms/definition';
import { franchiseForm } from '@contract/forms/franchise';
import { tehranClock } from '@contract/rules/delivery-time';
import { hasCollaborate } from '@contract/rules/forms';
import type { PublicMessageRow, ShopRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { ContactMessageRow, SubmissionFilter, SubmissionWithCustomer } from '../../repositories/customer-messages-repository';
import type { Repositories } from '../../repositories';
import { nextOffset } from '../../services/chat/chat-mappers';
import { appendPublicMessage } from '../../services/chat/public-messages';
import { publicAudience } from '../../services/live';
import { readableAnswers } from '../../services/submission-answers';
import { submissionsCsv } from '../../services/submissions-csv';
import { isCalendarDay, nextDay, tehranDayStart } from '../../services/tehran-day';
import { staffWrite } from './commit';
import type { ConsoleHandlers, StaffContext } from './context';

/** The franchise application's id in these codes: it is the contract's form and has no row. */
const FRANCHISE_FILTER_ID = 0;

type FilterRequest = ConsoleParsedRequestOf<'form_submissions_csv'>;

/**
 * The shop's forms of a kind for the filter, titled in `language`: the franchise application first where the shop
 * offers it; and each form's definition by its row id (null: the franchise application), to word the answers.
 */
async function shopForms(repos: Repositories, shop: ShopRow, kind: SubmissionKind, language: Language): Promise<{ forms: SubmissionForm[]; definitions: Map<number | null, FormDefinition> }> {
  const franchise: SubmissionForm[] = kind === 'form' && hasCollaborate(shop.interfaceId) ? [{ id: FRANCHISE_FILTER_ID, kind, title: franchiseForm.title[language] }] : [];
  const stored = await repos.customerMessages.forms(kind);
  const definitions = new Map<number | null, FormDefinition>([[null, franchiseForm], ...stored.map((row) => [row.id, row.definition] as const)]);
  return { forms: [...franchise, ...stored.map((row) => ({ id: row.id, kind, title: row.definition.title[language] }))], definitions };
}

/** A row's answers in words (readableAnswers), by its form's definition. */
const wordedAnswers = (row: SubmissionWithCustomer, definitions: Map<number | null, FormDefinition>) => readableAnswers(row.answers, definitions.get(row.formId), row.language);

/** The request's filter; a day that is not on the calendar (2025-02-30) is a localised 400. */
function filterOf({ language }: StaffContext, request: FilterRequest): SubmissionFilter {
  for (const field of ['from', 'to'] as const) {
    const day = request[field];
    if (day !== undefined && !isCalendarDay(day)) throw new ApiError(400, 'invalid_input', translate(language, 'field_invalid', { field, expected: translate(language, 'board_day') }));
  }
  return {
    kind: request.kind,
    formId: request.form_id === undefined ? undefined : request.form_id === FRANCHISE_FILTER_ID ? null : request.form_id,
    from: request.from === undefined ? undefined : tehranDayStart(request.from),
    before: request.to === undefined ? undefined : tehranDayStart(nextDay(request.to)),
  };
}

/** A form's title by its row id (null: the franchise application), in `language`. */
function titles(forms: readonly SubmissionForm[], language: Language): (formId: number | null) => string {
  const byId = new Map(forms.map((form) => [form.id, form.title]));
  return (formId) => (formId === null ? franchiseForm.title[language] : (byId.get(formId) ?? ''));
}

const toSubmission = (row: SubmissionWithCustomer, title: (formId: number | null) => string, definitions: Map<number | null, FormDefinition>): Submission => ({
  id: row.id,
  kind: row.kind,
  form_id: row.formId ?? FRANCHISE_FILTER_ID,
  form_title: title(row.formId),
  created_at: row.createdAt.toISOString(),
  language: row.language,
  customer: row.userId === null ? null : { user_id: row.userId, name: row.customerName ?? '', mobile: row.customerMobile ?? '' },
  answers: wordedAnswers(row, definitions),
});

const toContactMessage = (row: ContactMessageRow): ContactMessage => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  email: row.email,
  message: row.message,
  created_at: row.createdAt.toISOString(),
  read: row.readAt !== null,
  done: row.doneAt !== null,
});

const toPublicMessage = (row: PublicMessageRow): PublicMessage => ({ id: row.id, name: row.name, body: row.body, created_at: row.createdAt.toISOString() });

/** A public message's text, refused when nothing but spaces (zero-width ones too) is left: a 400 before anything is written. */
function publicBody({ language }: StaffContext, body: string): string {
  if (body.replace(/[\s\u200b-\u200d\u2060\ufeff]/g, '') === '') throw new ApiError(400, 'invalid_input', translate(language, 'public_message_blank'), undefined, { field: 'body' });
  return body;
}

const contactNotFound = (language: Language) => new ApiError(404, 'not_found', translate(language, 'contact_message_not_found'));
const publicNotFound = (language: Language) => new ApiError(404, 'not_found', translate(language, 'public_message_not_found'));

/** Moment a flag sets: 1 keeps an earlier moment or takes now, 0 clears it, absent leaves it. */
const marked = (flag: number | undefined, stored: Date | null, now: Date): Date | null => (flag === undefined ? stored : flag === 1 ? (stored ?? now) : null);

/**
 * What customers send the shop and what it says to all of them (docs/customer-messages.md):
 * submissions and public messages are the owner's (`owner: true`, checked by the route), contact messages any staff
 * member's. Every code reads and writes the Host's shop only.
 */
export const customerMessageActions: ConsoleHandlers<
  'form_submissions' | 'form_submissions_csv' | 'contact_messages' | 'contact_message_mark' | 'public_messages' | 'public_message_add' | 'public_message_update' | 'public_message_delete'
> = {
  async form_submissions(context, request) {
    const { repos, shop, language } = context;
    const filter = filterOf(context, request);
    const [{ forms, definitions }, page] = await Promise.all([shopForms(repos, shop, request.kind, language), repos.customerMessages.submissions(filter, { offset: request.offset, length: request.length })]);
    const title = titles(forms, language);
    return { forms, submissions: page.rows.map((row) => toSubmission(row, title, definitions)), total: page.total, next_offset: nextOffset(request.offset, page.rows.length, page.total) };
  },

  async form_submissions_csv(context, request) {
    const { repos, shop, language, clock } = context;
    const filter = filterOf(context, request);
    const [{ forms, definitions }, page] = await Promise.all([shopForms(repos, shop, request.kind, language), repos.customerMessages.submissions(filter, { offset: 0, length: SUBMISSIONS_CSV_MAX })]);
    const title = titles(forms, language);
    const csv = submissionsCsv(
      page.rows.map((row) => ({ createdAt: row.createdAt, formTitle: title(row.formId), customerName: row.customerName ?? '', mobile: row.customerMobile ?? '', language: row.language, answers: wordedAnswers(row, definitions) })),
      language,
    );
    const today = tehranClock(clock()).date.replaceAll('-', '');
    return { filename: `${request.kind === 'survey' ? 'survey-answers' : 'form-submissions'}-${today}.csv`, csv, rows: page.rows.length };
  },

  async contact_messages({ repos }, { state, offset, length }) {
    const page = await repos.customerMessages.contactPage(state === 'done', { offset, length });
    return { messages: page.rows.map(toContactMessage), total: page.total, unread: page.unread, next_offset: nextOffset(offset, page.rows.length, page.total) };
  },

  async contact_message_mark(context, { message_id, read, done }) {
    const { language, clock } = context;
    return staffWrite(context, async (tx) => {
      const stored = await tx.customerMessages.lockContact(message_id);
      if (!stored) throw contactNotFound(language);
      const now = clock();
      // Marking a message done reads it too, unless the same request says otherwise: a handled message is no longer news.
      const readAt = marked(read ?? (done === 1 ? 1 : undefined), stored.readAt, now);
      const doneAt = marked(done, stored.doneAt, now);
      if (readAt === stored.readAt && doneAt === stored.doneAt) return toContactMessage(stored);
      return toContactMessage(await tx.customerMessages.setContactMarks(stored.id, { readAt, doneAt }));
    });
  },

  async public_messages({ repos }) {
    return (await repos.customerMessages.publicMessages()).map(toPublicMessage);
  },

  async public_message_add(context, request) {
    const body = publicBody(context, request.body);
    const { shop, staff, live, clock } = context;
    return staffWrite(context, async (tx, later) => {
      const at = clock();
      const message = await appendPublicMessage({ repos: tx, live, afterCommit: later }, { shop, name: shop.name, message: body, at });
      await tx.staffAudit.record(staff, { action: 'public_message.create', subjectType: 'public_message', subjectId: message.id, detail: { body } }, at);
      return { id: message.id, name: message.name, body: message.message, created_at: message.created_at };
    });
  },

  async public_message_update(context, request) {
    const body = publicBody(context, request.body);
    const { staff, language, clock } = context;
    return staffWrite(context, async (tx) => {
      const stored = await tx.customerMessages.lockPublicMessage(request.message_id);
      if (!stored) throw publicNotFound(language);
      if (stored.body === body) return toPublicMessage(stored);
      const updated = await tx.customerMessages.updatePublicMessage(stored.id, body);
      await tx.staffAudit.record(staff, { action: 'public_message.update', subjectType: 'public_message', subjectId: stored.id, detail: { from: stored.body, to: body } }, clock());
      return toPublicMessage(updated);
    });
  },

  async public_message_delete(context, { message_id }) {
    const { shop, staff, language, live, clock } = context;
    return staffWrite(context, async (tx, later) => {
      const stored = await tx.customerMessages.lockPublicMessage(message_id);
      if (!stored) throw publicNotFound(language);
      await tx.customerMessages.removePublicMessage(stored.id);
      await tx.staffAudit.record(staff, { action: 'public_message.delete', subjectType: 'public_message', subjectId: stored.id, detail: { body: stored.body } }, clock());
      // Customers' unread totals may drop: their held polls read them again.
      later(() => live.touch([publicAudience(shop.id)]));
      return { id: stored.id };
    });
  },
};
