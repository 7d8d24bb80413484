import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, spawnChild, waitFor, type ActorRefFrom, type AnyActorRef } from 'xstate';
import type { ChatMessage, LongPoll, MessageList, Unread } from '@contract/entities/chat';
import { CHAT_ERRORS, CHAT_PAGE_LENGTH, UPLOAD_LIMITS } from '@contract/rules/chat';
import { chatMachine } from '@machines/chat-machine';
import type { PollInput } from '@machines/long-poll';
import {
  hasOlder,
  isEmpty,
  oldestFirst,
  supportChatMachine,
  uploadPercent,
  type PictureUpload,
  type SendMessageRequest,
} from '@machines/support-chat-machine';
import { SYSTEM_IDS } from '@machines/system';
import type { UploadEvent } from '@machines/upload';
import { customerMessage, readUnread, shopReply } from './chat-fixtures';

const page = (messages: ChatMessage[], nextOffset: number | null, unread = 0): MessageList => ({ messages, num_results: 20, unread_count: unread, next_offset: nextOffset });
const firstPage = page([customerMessage(30), customerMessage(29), customerMessage(28), customerMessage(27), customerMessage(26), customerMessage(25), customerMessage(24)], CHAT_PAGE_LENGTH);
const olderPage = page([customerMessage(23), customerMessage(22)], null);
const picture = { name: 'receipt.jpg', type: 'image/jpeg', size: 120_000 };

interface Stubs {
  pages?: MessageList[];
  sendFails?: unknown;
}

/** The support chart with recording stubs; the upload is a callback the test drives. */
function startSupportChat(stubs: Stubs = {}) {
  const told: unknown[] = [];
  const loads: { offset: number; length: number }[] = [];
  const sends: SendMessageRequest[] = [];
  const reads: number[] = [];
  const upload = { input: null as PictureUpload | null, sendBack: null as ((event: UploadEvent) => void) | null, aborted: 0 };
  const pages = [...(stubs.pages ?? [firstPage, olderPage])];
  const machine = supportChatMachine.provide({
    actors: {
      'load messages': fromPromise<MessageList, { offset: number; length: number }>(async ({ input }) => {
        loads.push(input);
        return input.offset === 0 ? (pages[0] ?? page([], null)) : (pages[1] ?? page([], null));
      }),
      'send message': fromPromise<ChatMessage, SendMessageRequest>(async ({ input }) => {
        sends.push(input);
        if (stubs.sendFails) throw stubs.sendFails;
        return customerMessage(31, input.message);
      }),
      'mark read': fromPromise<Unread, { id: number }>(async ({ input }) => {
        reads.push(input.id);
        return readUnread;
      }),
      'upload picture': fromCallback<UploadEvent, PictureUpload>(({ input, sendBack }) => {
        upload.input = input;
        upload.sendBack = sendBack;
        return () => void (upload.aborted += 1);
      }),
    },
  });
  const actor = createActor(machine.provide({ actions: { 'tell refusal': (_, { error }) => void told.push(error) } }), { input: { name: 'سارا احمدی' } }).start();
  return { actor, loads, sends, reads, upload, told };
}

const shown = (actor: AnyActorRef) => waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }) && snapshot.matches({ composer: 'editing' }));

describe('support chat machine', () => {
  it('Scenario: the first page is 7 messages of type chat, older pages come on request, until there are none', async () => {
    const { actor, loads } = startSupportChat();
    await shown(actor);
    expect(loads).toEqual([{ offset: 0, length: CHAT_PAGE_LENGTH }]);
    expect(hasOlder(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'support.older' });
    await shown(actor);
    expect(loads.at(-1)).toEqual({ offset: CHAT_PAGE_LENGTH, length: CHAT_PAGE_LENGTH });
    expect(oldestFirst(actor.getSnapshot().context.messages).map((message) => message.id)).toEqual([22, 23, 24, 25, 26, 27, 28, 29, 30]);
    expect(hasOlder(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'support.older' })).toBe(false);
  });

  it('Scenario: an empty chat says "no message"', async () => {
    const { actor } = startSupportChat({ pages: [page([], null)] });
    await shown(actor);
    expect(isEmpty(actor.getSnapshot())).toBe(true);
  });

  it("Scenario: spec §5's refusals are checked before anything is sent", async () => {
    const { actor, sends, upload } = startSupportChat();
    await shown(actor);
    const problem = () => actor.getSnapshot().context.problem;
    actor.send({ type: 'support.name', name: '  ' });
    actor.send({ type: 'support.text', text: 'سلام' });
    actor.send({ type: 'support.send' });
    expect(problem()).toEqual({ kind: 'rule', result: CHAT_ERRORS.nameRequired });
    actor.send({ type: 'support.name', name: 'سارا' });
    expect(problem()).toBeNull();
    actor.send({ type: 'support.text', text: ' \n ' });
    actor.send({ type: 'support.send' });
    expect(problem()).toEqual({ kind: 'rule', result: CHAT_ERRORS.messageRequired });
    actor.send({ type: 'support.sendPicture' });
    expect(problem()).toEqual({ kind: 'rule', result: CHAT_ERRORS.fileRequired });
    actor.send({ type: 'support.file', file: { name: 'setup.exe', type: 'application/x-msdownload', size: 1000 } });
    actor.send({ type: 'support.sendPicture' });
    expect(problem()).toEqual({ kind: 'rule', result: CHAT_ERRORS.fileType });
    actor.send({ type: 'support.file', file: { ...picture, size: UPLOAD_LIMITS.media_message.maxBytes + 1 } });
    actor.send({ type: 'support.sendPicture' });
    expect(problem()).toEqual({ kind: 'rule', result: CHAT_ERRORS.fileSize });
    expect(sends).toEqual([]);
    expect(upload.input).toBeNull();
  });

  it('Scenario: a text message is sent as type 20, then the list is cleared and read again (spec §4)', async () => {
    const { actor, loads, sends } = startSupportChat();
    await shown(actor);
    actor.send({ type: 'support.older' });
    await shown(actor);
    actor.send({ type: 'support.text', text: '  سفارشم کی می‌رسد؟ ' });
    actor.send({ type: 'support.send' });
    // Cleared while it is read again.
    const cleared: number[] = [];
    const watching = actor.subscribe((snapshot) => {
      if (snapshot.matches({ list: 'loading' })) cleared.push(snapshot.context.messages.length);
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }) && snapshot.matches({ composer: 'editing' }) && cleared.length > 0);
    watching.unsubscribe();
    expect(cleared).toEqual([0]);
    expect(sends).toEqual([{ name: 'سارا احمدی', message: 'سفارشم کی می‌رسد؟', type: 20 }]);
    expect(loads.map((load) => load.offset)).toEqual([0, CHAT_PAGE_LENGTH, 0]);
    expect(actor.getSnapshot().context.messages).toHaveLength(7);
    expect(actor.getSnapshot().context.text).toBe('');
  });

  it("Scenario: the server's refusal is kept for the view, told as a toast, and the draft stays", async () => {
    const { actor, told } = startSupportChat({ sendFails: { result: 'rate_limited', message: 'Too many messages, wait a minute' } });
    await shown(actor);
    actor.send({ type: 'support.text', text: 'سلام' });
    actor.send({ type: 'support.send' });
    await waitFor(actor, (snapshot) => snapshot.context.problem !== null);
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'server', result: 'rate_limited', message: 'Too many messages, wait a minute' });
    // Spec §8: told as a toast too.
    expect(told).toEqual([{ result: 'rate_limited', message: 'Too many messages, wait a minute' }]);
    expect(actor.getSnapshot().context.text).toBe('سلام');
  });

  it('Scenario: a picture uploads with progress, and a done upload clears the composer and reloads', async () => {
    const { actor, upload, loads } = startSupportChat();
    await shown(actor);
    actor.send({ type: 'support.file', file: picture });
    actor.send({ type: 'support.text', text: 'رسید' });
    actor.send({ type: 'support.sendPicture' });
    expect(upload.input).toEqual({ file: picture, name: 'سارا احمدی', message: 'رسید' });
    expect(uploadPercent(actor.getSnapshot())).toBe(0);
    upload.sendBack?.({ type: 'upload.progress', loaded: 60_000, total: 120_000 });
    expect(uploadPercent(actor.getSnapshot())).toBe(50);
    upload.sendBack?.({ type: 'upload.done', message: { ...customerMessage(32), media: null } });
    await shown(actor);
    expect(actor.getSnapshot().context).toMatchObject({ file: null, text: '', progress: null });
    expect(loads.filter((load) => load.offset === 0)).toHaveLength(2);
  });

  it('Scenario: cancel aborts the upload and keeps the picture; a refusal shows the server\'s words', async () => {
    const { actor, upload } = startSupportChat();
    await shown(actor);
    actor.send({ type: 'support.file', file: picture });
    actor.send({ type: 'support.sendPicture' });
    actor.send({ type: 'support.cancel' });
    expect(upload.aborted).toBe(1);
    expect(actor.getSnapshot().matches({ composer: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ file: picture, progress: null });
    actor.send({ type: 'support.sendPicture' });
    upload.sendBack?.({ type: 'upload.failed', error: { result: CHAT_ERRORS.fileType, message: 'unauthorized file type' } });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'server', result: CHAT_ERRORS.fileType, message: 'unauthorized file type' });
    expect(actor.getSnapshot().context.file).toEqual(picture);
  });

  it("Scenario: the shop's unread replies on screen are marked read up to the newest", async () => {
    const { actor, reads } = startSupportChat({ pages: [page([shopReply, customerMessage(40)], null, 1)] });
    await waitFor(actor, (snapshot) => snapshot.matches({ reading: 'idle' }) && reads.length === 1);
    expect(reads).toEqual([shopReply.id]);
    expect(actor.getSnapshot().context.messages[0].read).toBe(true);
  });
});

describe('support chat with the live channel', () => {
  /** An app-like root whose system holds the real chat (as 'chat') and the support chat (as 'supportChat'). */
  function startLive() {
    const polls: { count: number; resolve: (answer: LongPoll) => void; reject: (error: unknown) => void }[] = [];
    const chat = chatMachine.provide({
      actors: { poll: fromPromise<LongPoll, PollInput>(({ input }) => new Promise((resolve, reject) => polls.push({ count: input.count, resolve, reject }))) },
      delays: { 'reconnect backoff': 0 },
    });
    const reads: number[] = [];
    const supportLogic = supportChatMachine.provide({
      actors: {
        'load messages': fromPromise(async () => page([customerMessage(40)], null)),
        'send message': fromPromise<ChatMessage, SendMessageRequest>(async () => {
          throw { result: 'network', message: 'اتصال به اینترنت برقرار نیست. اتصال را بررسی کنید و دوباره تلاش کنید.' };
        }),
        'mark read': fromPromise<Unread, { id: number }>(async ({ input }) => {
          reads.push(input.id);
          return readUnread;
        }),
      },
    });
    const root = createMachine({
      entry: [spawnChild(chat, { systemId: SYSTEM_IDS.chat, input: {} }), spawnChild(supportLogic, { systemId: SYSTEM_IDS.supportChat, input: { name: 'سارا' } })],
    });
    const app = createActor(root, { systemId: SYSTEM_IDS.app }).start();
    const chatActor = app.system.get(SYSTEM_IDS.chat) as ActorRefFrom<typeof chatMachine>;
    const supportActor = app.system.get(SYSTEM_IDS.supportChat) as ActorRefFrom<typeof supportChatMachine>;
    return { app, chatActor, supportActor, polls, reads };
  }

  it("Scenario: the shop's reply arrives by long-poll, is appended to the open chat without reload, marked read, and the count drops", async () => {
    const { chatActor, supportActor, polls, reads } = startLive();
    await shown(supportActor);
    chatActor.send({ type: 'chat.login' });
    polls.shift()?.resolve({ count: 5, events: [], unread: { support: 0, public: 0, conversations: 0 } });
    await waitFor(chatActor, () => polls.length === 1);
    polls.shift()?.resolve({ count: 6, events: [{ id: 6, type: 'new_support_message', message: shopReply }], unread: { support: 1, public: 2, conversations: 3 } });
    await waitFor(supportActor, (snapshot) => snapshot.context.messages.some((message) => message.id === shopReply.id));
    expect(oldestFirst(supportActor.getSnapshot().context.messages).map((message) => message.id)).toEqual([40, shopReply.id]);
    await waitFor(chatActor, (snapshot) => snapshot.context.unread.support === 0);
    expect(reads).toEqual([shopReply.id]);
    expect(chatActor.getSnapshot().context.unread).toEqual(readUnread);
    // The same message heard twice is shown once.
    expect(polls.map((poll) => poll.count)).toEqual([6]);
    polls.shift()?.resolve({ count: 6, events: [{ id: 6, type: 'new_support_message', message: shopReply }], unread: readUnread });
    await waitFor(chatActor, () => polls.length === 1);
    expect(supportActor.getSnapshot().context.messages.filter((message) => message.id === shopReply.id)).toHaveLength(1);
  });

  it('Scenario: a send that got no answer offline is said until the connection is back, then it is gone by itself; a refusal would stay', async () => {
    const { chatActor, supportActor, polls } = startLive();
    await shown(supportActor);
    chatActor.send({ type: 'chat.login' });
    polls.shift()?.resolve({ count: 5, events: [], unread: readUnread });
    await waitFor(chatActor, () => polls.length === 1);
    supportActor.send({ type: 'support.text', text: 'سلام' });
    supportActor.send({ type: 'support.send' });
    await waitFor(supportActor, (snapshot) => snapshot.context.problem !== null);
    expect(supportActor.getSnapshot().context.problem).toMatchObject({ kind: 'server', result: 'network' });
    polls.shift()?.reject({ result: 'network', message: 'offline' });
    await waitFor(chatActor, () => polls.length === 1);
    // Still offline: the words stay.
    expect(supportActor.getSnapshot().context.problem).not.toBeNull();
    polls.shift()?.resolve({ count: 5, events: [], unread: readUnread });
    await waitFor(supportActor, (snapshot) => snapshot.context.problem === null);
    expect(supportActor.getSnapshot().context.text).toBe('سلام');
  });
});
