import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { InboxChatList, InboxChatPage } from '@contract/console/entities';
import type { ChatMessage } from '@contract/entities/chat';
import { inboxMachine, type ChatPageRequest, type PictureReply, type ReplyRequest } from '@machines/console/inbox-machine';
import type { UploadEvent } from '@machines/upload';

const message = (id: number, from: 'user' | 'shop', text: string, read = false): ChatMessage => ({
  id,
  type: 'chat',
  from,
  name: from === 'user' ? 'Ali' : 'Admin',
  message: text,
  media: null,
  read,
  created_at: '2026-11-25T08:00:00.000Z',
});
const chat = (userId: number, unread: number) => ({ user_id: userId, name: `C${userId}`, mobile: '09120000000', last_message: 'x', last_from: 'user' as const, last_has_media: false, last_at: '2026-11-25T08:00:00.000Z', unread });
const list = (chats: ReturnType<typeof chat>[], nextOffset: number | null = null): InboxChatList => ({ chats, num_results: chats.length, unread_count: chats.reduce((sum, item) => sum + item.unread, 0), next_offset: nextOffset });
const page = (userId: number, messages: ChatMessage[], nextOffset: number | null = null): InboxChatPage => ({
  customer: { user_id: userId, name: 'Ali', mobile: '09120000000' },
  messages,
  num_results: messages.length,
  unread_count: messages.filter((item) => item.from === 'user' && !item.read).length,
  next_offset: nextOffset,
});

interface Stubs {
  chats?: (input: { offset: number; length: number }) => Promise<InboxChatList>;
  chat?: (input: ChatPageRequest) => Promise<InboxChatPage>;
  reply?: (input: ReplyRequest) => Promise<ChatMessage>;
  read?: (input: { userId: number; id: number }) => Promise<{ unread_count: number }>;
}

/** The inbox chart with stubbed effects; `calls` records what it asked for. */
function start(stubs: Stubs = {}) {
  const calls = { chats: [] as { offset: number }[], chat: [] as ChatPageRequest[], replies: [] as ReplyRequest[], reads: [] as { userId: number; id: number }[], uploads: [] as PictureReply[], aborted: 0 };
  const machine = inboxMachine.provide({
    actors: {
      'load chats': fromPromise(async ({ input }: { input: { offset: number; length: number } }) => {
        calls.chats.push({ offset: input.offset });
        return (stubs.chats ?? (async () => list([chat(1, 2), chat(2, 0)])))(input);
      }),
      'load chat': fromPromise(async ({ input }: { input: ChatPageRequest }) => {
        calls.chat.push(input);
        return (stubs.chat ?? (async () => page(input.userId, [message(11, 'user', 'a2'), message(10, 'user', 'a1')], 2)))(input);
      }),
      'send reply': fromPromise(async ({ input }: { input: ReplyRequest }) => {
        calls.replies.push(input);
        return (stubs.reply ?? (async () => message(20, 'shop', input.message)))(input);
      }),
      'mark read': fromPromise(async ({ input }: { input: { userId: number; id: number } }) => {
        calls.reads.push(input);
        return (stubs.read ?? (async () => ({ unread_count: 0 })))(input);
      }),
      'upload picture': fromCallback<UploadEvent, PictureReply>(({ input }) => {
        calls.uploads.push(input);
        return () => void (calls.aborted += 1);
      }),
    },
  });
  return { actor: createActor(machine).start(), calls };
}

describe('inbox chart', () => {
  it('lists the chats, opens one, marks its messages read and clears its count', async () => {
    const { actor, calls } = start({ read: async () => ({ unread_count: 0 }) });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(actor.getSnapshot().context.unread).toBe(2);
    actor.send({ type: 'inbox.open', userId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ chat: 'shown' }) && snapshot.matches({ reading: 'idle' }) && calls.reads.length === 1);
    expect(calls.reads).toEqual([{ userId: 1, id: 11 }]);
    const { context } = actor.getSnapshot();
    expect(context.messages.every((item) => item.read)).toBe(true);
    expect(context.chats.find((item) => item.user_id === 1)?.unread).toBe(0);
    expect(context.unread).toBe(0);
  });

  it('refuses a blank reply locally, sends a text reply and appends it, then reads the list again', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(actor.getSnapshot().can({ type: 'reply.text', text: 'x' })).toBe(false);
    actor.send({ type: 'inbox.open', userId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ chat: 'shown' }));
    actor.send({ type: 'reply.send' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'rule', result: 'chat_message_required' });
    expect(calls.replies).toEqual([]);
    actor.send({ type: 'reply.text', text: '  hello  ' });
    actor.send({ type: 'reply.send' });
    await waitFor(actor, (snapshot) => snapshot.matches({ composer: 'editing' }) && snapshot.context.messages[0]?.id === 20);
    expect(calls.replies).toEqual([{ userId: 1, message: 'hello' }]);
    expect(actor.getSnapshot().context.text).toBe('');
    await waitFor(actor, () => calls.chats.length === 2);
  });

  it("keeps a server refusal's message and the typed text", async () => {
    const { actor } = start({ reply: async () => Promise.reject({ result: 'rate_limited', message: 'wait 30 seconds' }) });
    actor.send({ type: 'inbox.open', userId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ chat: 'shown' }));
    actor.send({ type: 'reply.text', text: 'hi' });
    actor.send({ type: 'reply.send' });
    await waitFor(actor, (snapshot) => snapshot.context.problem !== null);
    expect(actor.getSnapshot().context).toMatchObject({ problem: { kind: 'server', result: 'rate_limited', message: 'wait 30 seconds' }, text: 'hi' });
  });

  it("appends the open chat's live messages (once each), marks them read, and reads the list again", async () => {
    const { actor, calls } = start();
    actor.send({ type: 'inbox.open', userId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ chat: 'shown' }) && calls.reads.length === 1 && snapshot.matches({ reading: 'idle' }));
    const live = { id: 99, type: 'new_support_message' as const, user_id: 1, message: message(12, 'user', 'a3') };
    actor.send({ type: 'inbox.live', events: [live, { ...live, id: 100, user_id: 2, message: message(13, 'user', 'other') }], unread: 4 });
    actor.send({ type: 'inbox.live', events: [live], unread: 4 });
    await waitFor(actor, () => calls.reads.length >= 2);
    expect(actor.getSnapshot().context.messages.map((item) => item.id)).toEqual([12, 11, 10]);
    expect(calls.reads.at(-1)).toEqual({ userId: 1, id: 12 });
    await waitFor(actor, () => calls.chats.length >= 2);
  });

  it('pages older messages and more chats only while there are any', async () => {
    const { actor, calls } = start({ chats: async ({ offset }) => (offset === 0 ? list([chat(1, 0)], 1) : list([chat(2, 0)])) });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    actor.send({ type: 'inbox.more' });
    await waitFor(actor, (snapshot) => snapshot.context.chats.length === 2);
    expect(actor.getSnapshot().can({ type: 'inbox.more' })).toBe(false);
    actor.send({ type: 'inbox.open', userId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ chat: 'shown' }));
    actor.send({ type: 'chat.older' });
    await waitFor(actor, () => calls.chat.length === 2);
    expect(calls.chat[1]).toMatchObject({ userId: 1, offset: 2 });
  });

  it('uploads a picture with progress; cancelling stops the upload; a done upload appends its message', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'inbox.open', userId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ chat: 'shown' }));
    actor.send({ type: 'reply.sendPicture' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'rule', result: 'chat_file_required' });
    actor.send({ type: 'reply.file', file: { name: 'a.gif', type: 'image/gif', size: 10 } });
    actor.send({ type: 'reply.sendPicture' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'rule', result: 'unauthorized_file_type' });
    actor.send({ type: 'reply.file', file: { name: 'a.jpg', type: 'image/jpeg', size: 1000 } });
    actor.send({ type: 'reply.sendPicture' });
    expect(actor.getSnapshot().matches({ composer: 'uploading' })).toBe(true);
    actor.send({ type: 'upload.progress', loaded: 500, total: 1000 });
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 500, total: 1000 });
    actor.send({ type: 'reply.cancel' });
    expect(calls.aborted).toBe(1);
    actor.send({ type: 'reply.sendPicture' });
    expect(calls.uploads.at(-1)).toMatchObject({ userId: 1, file: { name: 'a.jpg' } });
    actor.send({ type: 'upload.done', message: message(30, 'shop', '') });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, progress: null });
    expect(actor.getSnapshot().context.messages[0].id).toBe(30);
  });

  it('opening another chat forgets the reply being typed', async () => {
    const { actor } = start();
    actor.send({ type: 'inbox.open', userId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ chat: 'shown' }));
    actor.send({ type: 'reply.text', text: 'for Ali' });
    actor.send({ type: 'inbox.open', userId: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ openUserId: 2, text: '' });
    actor.send({ type: 'inbox.close' });
    expect(actor.getSnapshot().matches({ chat: 'none' })).toBe(true);
  });
});

describe('inbox chart: a read answered after another chat was opened', () => {
  it('clears the count of the chat it was sent for, not of the one open when it answers', async () => {
    let answerRead: (value: { unread_count: number }) => void = () => {};
    const { actor, calls } = start({
      chats: async () => list([chat(1, 2), chat(2, 0)]),
      chat: async (input) => page(input.userId, input.userId === 1 ? [message(11, 'user', 'a2'), message(10, 'user', 'a1')] : [message(21, 'user', 'b1', true)]),
      read: () => new Promise((resolve) => (answerRead = resolve)),
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    actor.send({ type: 'inbox.open', userId: 1 });
    await waitFor(actor, () => calls.reads.length === 1);
    actor.send({ type: 'inbox.open', userId: 2 });
    await waitFor(actor, (snapshot) => snapshot.matches({ chat: 'shown' }) && snapshot.context.openUserId === 2);
    answerRead({ unread_count: 0 });
    await waitFor(actor, (snapshot) => snapshot.context.unread === 0);
    const { context } = actor.getSnapshot();
    expect(calls.reads).toEqual([{ userId: 1, id: 11 }]);
    expect(context.chats.find((item) => item.user_id === 1)?.unread).toBe(0);
    expect(context.messages.map((item) => item.id)).toEqual([21]);
  });
});
