import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ChatMessage, MessageList, Unread } from '@contract/entities/chat';
import { supportChatMachine, type PictureUpload, type SendMessageRequest } from '@machines/support-chat-machine';
import type { UploadEvent } from '@machines/upload';
import { customerMessage, readUnread } from './chat-fixtures';

const picture = { name: 'receipt.jpg', type: 'image/jpeg', size: 120_000 };

/** The support chart whose text send and picture upload wait for the test. */
function startSupportChat() {
  const sends: SendMessageRequest[] = [];
  const held = { answer: (_message: ChatMessage) => {}, fail: (_error: unknown) => {}, upload: null as ((event: UploadEvent) => void) | null };
  const machine = supportChatMachine.provide({
    actors: {
      'load messages': fromPromise<MessageList, { offset: number; length: number }>(async () => ({ messages: [], num_results: 0, unread_count: 0, next_offset: null })),
      'send message': fromPromise<ChatMessage, SendMessageRequest>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            sends.push(input);
            held.answer = resolve;
            held.fail = reject;
          }),
      ),
      'mark read': fromPromise<Unread, { id: number }>(async () => readUnread),
      'upload picture': fromCallback<UploadEvent, PictureUpload>(({ sendBack }) => void (held.upload = sendBack)),
    },
  });
  const actor = createActor(machine, { input: { name: 'سارا' } }).start();
  return { actor, sends, held };
}

describe('support chat: nothing typed while a message or a picture is sent is lost', () => {
  it('Scenario: the name and the next words typed while a text is sent are kept; only the sent text leaves the field', async () => {
    const { actor, sends, held } = startSupportChat();
    actor.send({ type: 'support.text', text: 'سلام' });
    actor.send({ type: 'support.send' });
    expect(actor.getSnapshot().matches({ composer: 'sending' })).toBe(true);
    actor.send({ type: 'support.text', text: 'سلام، سفارش ۴۱' });
    actor.send({ type: 'support.name', name: 'سارا احمدی' });
    expect(actor.getSnapshot().context).toMatchObject({ text: 'سلام، سفارش ۴۱', name: 'سارا احمدی' });
    held.answer(customerMessage(31, 'سلام'));
    await waitFor(actor, (snapshot) => snapshot.matches({ composer: 'editing' }));
    expect(sends).toEqual([{ name: 'سارا', message: 'سلام', type: 20 }]);
    expect(actor.getSnapshot().context).toMatchObject({ text: '، سفارش ۴۱', name: 'سارا احمدی' });
  });

  it('Scenario: nothing typed after the send: the field is blank once sent; a refused send keeps what is typed', async () => {
    const { actor, held } = startSupportChat();
    actor.send({ type: 'support.text', text: 'سلام' });
    actor.send({ type: 'support.send' });
    held.answer(customerMessage(31, 'سلام'));
    await waitFor(actor, (snapshot) => snapshot.matches({ composer: 'editing' }));
    expect(actor.getSnapshot().context.text).toBe('');

    actor.send({ type: 'support.text', text: 'دوباره' });
    actor.send({ type: 'support.send' });
    actor.send({ type: 'support.text', text: 'دوباره سلام' });
    held.fail({ result: 'rate_limited', message: 'wait' });
    await waitFor(actor, (snapshot) => snapshot.matches({ composer: 'editing' }));
    expect(actor.getSnapshot().context.text).toBe('دوباره سلام');
  });

  it('Scenario: the text typed while a picture uploads is kept after it is sent with its caption; the picture cannot be changed meanwhile', async () => {
    const { actor, held } = startSupportChat();
    actor.send({ type: 'support.file', file: picture });
    actor.send({ type: 'support.text', text: 'رسید' });
    actor.send({ type: 'support.sendPicture' });
    expect(actor.getSnapshot().matches({ composer: 'uploading' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'support.file', file: null })).toBe(false);
    actor.send({ type: 'support.text', text: 'رسید پرداخت' });
    held.upload?.({ type: 'upload.done', message: null });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, text: 'پرداخت' });
  });

  it('Scenario: «Attach picture» and «Remove» are not offered while a text is sent (its end clears the composer)', () => {
    const { actor } = startSupportChat();
    expect(actor.getSnapshot().can({ type: 'support.file', file: picture })).toBe(true);
    actor.send({ type: 'support.text', text: 'سلام' });
    actor.send({ type: 'support.send' });
    expect(actor.getSnapshot().can({ type: 'support.file', file: picture })).toBe(false);
  });
});
