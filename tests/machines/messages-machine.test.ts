import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ChatMessageSchema, type ConversationList, type ConversationMessage, type ConversationMessages, type MessageList, type Unread } from '@contract/entities/chat';
import { CHAT_ERRORS } from '@contract/rules/chat';
import { conversationMachine } from '@machines/conversation-machine';
import { adConversations, messagesMachine, openConversation, type MessagesInput } from '@machines/messages-machine';

const publicMessage = (id: number, read: boolean) =>
  v.parse(ChatMessageSchema, { id, type: 'public', from: 'shop', name: 'فروشگاه', message: `اطلاعیه ${id}`, media: null, read, created_at: '2024-05-01T10:00:00Z' });
const publicPage: MessageList = { messages: [publicMessage(9, false), publicMessage(8, true)], num_results: 3, unread_count: 1, next_offset: 2 };
const conversation = (id: number, unread: number) => ({ id, title: `گفتگو ${id}`, unread_count: unread, last_message: 'سلام', updated_at: '2024-05-01T10:00:00Z', peer_user_id: 77 });
const conversations: ConversationList = { conversations: [conversation(12, 2), conversation(11, 0)], num_results: 2, unread_count: 2, next_offset: null };
const message = (id: number, mine: boolean, read = true): ConversationMessage => ({ id, conversation_id: 12, mine, text_message: `متن ${id}`, read, created_at: '2024-05-01T10:00:00Z' });
const afterRead: Unread = { support: 0, public: 0, conversations: 0 };

function startMessages(input: MessagesInput = { conversations: null }) {
  const calls: string[] = [];
  const conversationPages: ConversationMessages[] = [
    { conversation: conversation(12, 2), messages: [message(5, false, false), message(4, true)], num_results: 2, next_offset: null },
    { conversation: conversation(12, 1), messages: [message(7, false, false), message(6, true), message(5, false, true)], num_results: 3, next_offset: null },
  ];
  const machine = messagesMachine.provide({
    actors: {
      'load public': fromPromise<MessageList, { offset: number; length: number }>(async ({ input }) => {
        calls.push(`public@${input.offset}`);
        return input.offset === 0 ? publicPage : { ...publicPage, messages: [publicMessage(7, true)], next_offset: null };
      }),
      'load conversations': fromPromise<ConversationList, { offset: number; length: number }>(async ({ input }) => {
        calls.push(`conversations@${input.offset}`);
        return conversations;
      }),
      'read public': fromPromise<Unread, { id: number }>(async ({ input }) => {
        calls.push(`read public ${input.id}`);
        return { ...afterRead, conversations: 2 };
      }),
      conversation: conversationMachine.provide({
        actors: {
          'load conversation': fromPromise<ConversationMessages, { conversationId: number; offset: number; length: number }>(async ({ input }) => {
            calls.push(`conversation ${input.conversationId}@${input.offset}`);
            return conversationPages.shift() as ConversationMessages;
          }),
          'send to conversation': fromPromise<ConversationMessage, { to: number; text: string }>(async ({ input }) => {
            calls.push(`send ${input.to}: ${input.text}`);
            return message(8, true);
          }),
          'read conversation': fromPromise<Unread, { conversationId: number }>(async ({ input }) => {
            calls.push(`read conversation ${input.conversationId}`);
            return afterRead;
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, calls };
}

const settled = (actor: ReturnType<typeof startMessages>['actor']) => waitFor(actor, (snapshot) => snapshot.matches({ public: 'shown', conversations: 'shown' }));

describe('messages machine', () => {
  it('Scenario: public messages and conversations load; public ones shown are marked read up to the newest by the chart (the view asks nothing), the badges stay, the count drops', async () => {
    const { actor, calls } = startMessages();
    await settled(actor);
    // Before, the view watched `can(messages.readPublic)` in an effect and sent it.
    expect(calls).toContain('read public 9');
    expect(actor.getSnapshot().context).toMatchObject({ conversationsUnread: 2 });
    expect(actor.getSnapshot().context.publicUnread).toBe(0);
    expect(actor.getSnapshot().context.publicMessages[0].read).toBe(false);
    // Nothing left to read: a second look sends nothing.
    expect(actor.getSnapshot().can({ type: 'messages.readPublic' })).toBe(false);
    actor.send({ type: 'messages.morePublic' });
    await settled(actor);
    expect(actor.getSnapshot().context.publicMessages.map((entry) => entry.id)).toEqual([9, 8, 7]);
  });

  it('Scenario: a conversation opens, is marked read (the list badge drops), refuses a blank message and sends one', async () => {
    const { actor, calls } = startMessages();
    await settled(actor);
    actor.send({ type: 'messages.open', conversationId: 12 });
    const open = openConversation(actor.getSnapshot());
    expect(open).toBeDefined();
    await waitFor(open!, (snapshot) => snapshot.matches({ list: 'shown', reading: 'idle' }) && calls.includes('read conversation 12'));
    await waitFor(actor, (snapshot) => snapshot.context.conversationsUnread === 0);
    expect(actor.getSnapshot().context.conversations.find((entry) => entry.id === 12)?.unread_count).toBe(0);
    open!.send({ type: 'conversation.send' });
    expect(open!.getSnapshot().context.problem).toEqual({ kind: 'rule', result: CHAT_ERRORS.messageRequired });
    open!.send({ type: 'conversation.text', text: ' سلام، هنوز موجود است؟ ' });
    open!.send({ type: 'conversation.send' });
    await waitFor(open!, (snapshot) => snapshot.matches({ composer: 'editing' }) && snapshot.context.text === '');
    expect(calls).toContain('send 12: سلام، هنوز موجود است؟');
    expect(open!.getSnapshot().context.messages.map((entry) => entry.id)).toEqual([8, 5, 4]);
  });

  it('Scenario: the chat says the open conversation changed: it and the list are read again; closing stops it', async () => {
    const { actor, calls } = startMessages();
    await settled(actor);
    actor.send({ type: 'messages.open', conversationId: 12 });
    const open = openConversation(actor.getSnapshot())!;
    await waitFor(open, (snapshot) => snapshot.matches({ list: 'shown', reading: 'idle' }) && calls.includes('read conversation 12'));
    actor.send({ type: 'messages.changed', conversationId: 12 });
    await waitFor(open, (snapshot) => snapshot.context.messages.some((entry) => entry.id === 7) && snapshot.matches({ reading: 'idle' }));
    expect(calls.filter((call) => call === 'conversations@0')).toHaveLength(2);
    expect(calls.filter((call) => call === 'read conversation 12')).toHaveLength(2);
    // A public change reads only the public messages again.
    actor.send({ type: 'messages.changed', conversationId: null });
    await settled(actor);
    expect(calls.filter((call) => call === 'public@0')).toHaveLength(2);
    expect(calls.filter((call) => call === 'conversations@0')).toHaveLength(2);
    actor.send({ type: 'messages.close' });
    expect(openConversation(actor.getSnapshot())).toBeUndefined();
    expect(open.getSnapshot().status).toBe('stopped');
  });

  it('Scenario: the chat about ads (/home-4/chat) lists only conversations with another customer, newest first, and neither reads nor marks read the shop\'s public messages', async () => {
    const withShop = { ...conversation(10, 1), title: 'فروشگاه', peer_user_id: null };
    const { actor, calls } = startMessages({ conversations: { ...conversations, conversations: [conversation(12, 2), withShop, conversation(11, 0)] }, withPublic: false });
    expect(adConversations(actor.getSnapshot()).map((entry) => entry.id)).toEqual([12, 11]);
    await waitFor(actor, (snapshot) => snapshot.matches({ conversations: 'shown' }));
    expect(adConversations(actor.getSnapshot()).map((entry) => [entry.id, entry.unread_count])).toEqual([
      [12, 2],
      [11, 0],
    ]);
    // A new message in one of them reads the list again (its unread count); public news asks nothing.
    actor.send({ type: 'messages.changed', conversationId: 11 });
    actor.send({ type: 'messages.changed', conversationId: null });
    await waitFor(actor, (snapshot) => snapshot.matches({ conversations: 'shown' }));
    expect(calls).toEqual(['conversations@0', 'conversations@0']);
  });
});
