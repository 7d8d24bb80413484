import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ContactMessage, ContactPage, PublicMessage, SubmissionCsv, SubmissionPage } from '@contract/console/customer-message-entities';
import { contactMessagesMachine, type ContactMark, type ContactPageRequest } from '@machines/console/contact-messages-machine';
import { publicMessagesMachine } from '@machines/console/public-messages-machine';
import { submissionsMachine, type SubmissionFilter } from '@machines/console/submissions-machine';

const contact = (id: number, read = false, done = false): ContactMessage => ({ id, name: `N${id}`, phone: '09120000000', email: '', message: 'سلام', created_at: '2026-12-01T08:00:00.000Z', read, done });
const publicMessage = (id: number, body: string): PublicMessage => ({ id, name: 'کبابی', body, created_at: '2026-12-01T08:00:00.000Z' });

describe('contact messages chart', () => {
  function start() {
    const asked: ContactPageRequest[] = [];
    const marks: ContactMark[] = [];
    const actor = createActor(
      contactMessagesMachine.provide({
        actors: {
          'load messages': fromPromise(async ({ input }: { input: ContactPageRequest }) => {
            asked.push(input);
            const page: ContactPage = input.state === 'open' ? { messages: [contact(3), contact(2, true)], total: 2, unread: 1, next_offset: null } : { messages: [contact(1, true, true)], total: 1, unread: 1, next_offset: null };
            return page;
          }),
          'mark message': fromPromise(async ({ input }: { input: ContactMark }) => {
            marks.push(input);
            return contact(input.message_id, input.read === undefined ? input.message_id !== 3 : input.read === 1, input.done === 1);
          }),
        },
      }),
    ).start();
    return { actor, asked, marks };
  }

  it('a message read leaves the unread count; one done leaves the open list; the done list is read on request', async () => {
    const { actor, asked, marks } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'contact.mark', message_id: 3, read: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(actor.getSnapshot().context.unread).toBe(0);
    actor.send({ type: 'contact.mark', message_id: 2, done: 1, read: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(actor.getSnapshot().context.messages.map((message) => message.id)).toEqual([3]);
    expect(marks).toEqual([{ message_id: 3, read: 1 }, { message_id: 2, read: 1, done: 1 }]);
    actor.send({ type: 'contact.state', state: 'done' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(asked.map((request) => request.state)).toEqual(['open', 'done']);
    expect(actor.getSnapshot().context.messages.map((message) => message.id)).toEqual([1]);
  });

  it('a mark is not taken while the list loads or another mark runs: the view offers none then', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'contact.mark', message_id: 3, read: 1 })).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'contact.mark', message_id: 3, read: 1 });
    expect(actor.getSnapshot().can({ type: 'contact.mark', message_id: 2, read: 1 })).toBe(false);
  });
});

describe('public messages chart', () => {
  function start(add: (body: string) => Promise<PublicMessage> = async (body) => publicMessage(9, body)) {
    const sent: string[] = [];
    const deleted: number[] = [];
    const actor = createActor(
      publicMessagesMachine.provide({
        actors: {
          'load messages': fromPromise(async () => [publicMessage(5, 'ساعت کاری جمعه ۱۲ تا ۲۳')]),
          'add message': fromPromise(async ({ input }: { input: { body: string } }) => {
            sent.push(input.body);
            return add(input.body);
          }),
          'update message': fromPromise(async ({ input }: { input: { message_id: number; body: string } }) => publicMessage(input.message_id, input.body)),
          'delete message': fromPromise(async ({ input }: { input: { message_id: number } }) => {
            deleted.push(input.message_id);
            return { id: input.message_id };
          }),
        },
      }),
    ).start();
    return { actor, sent, deleted };
  }

  it('a blank message is refused here and nothing is sent; a written one is added on top and the field empties', async () => {
    const { actor, sent } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'draft.edit', value: '   ' });
    actor.send({ type: 'draft.submit' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'blank', on: 'draft' });
    expect(sent).toEqual([]);
    actor.send({ type: 'draft.edit', value: ' تخفیف ۲۰٪ تا جمعه ' });
    actor.send({ type: 'draft.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(sent).toEqual(['تخفیف ۲۰٪ تا جمعه']);
    expect(actor.getSnapshot().context.messages.map((message) => message.id)).toEqual([9, 5]);
    expect(actor.getSnapshot().context.draft).toBe('');
    expect(actor.getSnapshot().context.note).toBe('added');
  });

  it('what is typed while a message is sent stays in the field', async () => {
    let answer: (message: PublicMessage) => void = () => {};
    const { actor } = start((body) => new Promise((resolve) => (answer = () => resolve(publicMessage(9, body)))));
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'draft.edit', value: 'اول' });
    actor.send({ type: 'draft.submit' });
    actor.send({ type: 'draft.edit', value: 'دوم' });
    answer(publicMessage(9, 'اول'));
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(actor.getSnapshot().context.draft).toBe('دوم');
  });

  it('an edit saves the new text in place; a delete is asked first, then the message leaves the list', async () => {
    const { actor, deleted } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'edit.open', messageId: 5 });
    actor.send({ type: 'edit.change', value: 'ساعت کاری جمعه ۱۴ تا ۲۳' });
    actor.send({ type: 'edit.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(actor.getSnapshot().context.messages).toEqual([publicMessage(5, 'ساعت کاری جمعه ۱۴ تا ۲۳')]);
    expect(actor.getSnapshot().context.editing).toBeNull();
    expect(actor.getSnapshot().can({ type: 'delete.confirm' })).toBe(false);
    actor.send({ type: 'delete.ask', messageId: 5 });
    actor.send({ type: 'delete.confirm' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(deleted).toEqual([5]);
    expect(actor.getSnapshot().context.messages).toEqual([]);
  });
});

describe('submissions chart', () => {
  const page: SubmissionPage = { forms: [{ id: 0, kind: 'form', title: 'اعطای نمایندگی' }], submissions: [], total: 0, next_offset: null };
  it('each filter reads the list again with it; the CSV of the same filter is saved and its rows said', async () => {
    const loads: (SubmissionFilter & { offset: number; length: number })[] = [];
    const exports: SubmissionFilter[] = [];
    const saved: SubmissionCsv[] = [];
    const csv = { filename: 'form-submissions-20261207.csv', csv: '\uFEFFwhen\r\n', rows: 0 };
    const actor = createActor(
      submissionsMachine.provide({
        actors: {
          'load submissions': fromPromise(async ({ input }: { input: SubmissionFilter & { offset: number; length: number } }) => {
            loads.push(input);
            return page;
          }),
          'export csv': fromPromise(async ({ input }: { input: SubmissionFilter }) => {
            exports.push(input);
            return csv;
          }),
        },
        actions: { 'save file': (_, params) => void saved.push(params.csv) },
      }),
      { input: { kind: 'form' } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'filter.form', formId: 0 });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    actor.send({ type: 'filter.days', from: '2026-12-01', to: '2026-12-07' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(loads.map(({ offset: _offset, length: _length, ...filter }) => filter)).toEqual([
      { kind: 'form' },
      { kind: 'form', form_id: 0 },
      { kind: 'form', form_id: 0, from: '2026-12-01', to: '2026-12-07' },
    ]);
    actor.send({ type: 'csv.export' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(exports).toEqual([{ kind: 'form', form_id: 0, from: '2026-12-01', to: '2026-12-07' }]);
    expect(saved).toEqual([csv]);
    expect(actor.getSnapshot().context.exported).toEqual({ rows: 0 });
  });
});
