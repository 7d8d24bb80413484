import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConversationMessage, ConversationMessages, Unread } from '@contract/entities/chat';
import { chatStarterName, conversationMachine } from '@machines/conversation-machine';

const message = (id: number, mine: boolean): ConversationMessage => ({ id, conversation_id: 71, mine, text_message: `متن ${id}`, read: true, created_at: '2026-11-27T08:00:00Z' });
const page = (messages: ConversationMessage[]): ConversationMessages => ({
  conversation: { id: 71, title: 'آپارتمان ۸۰ متری ونک', unread_count: 0, last_message: null, updated_at: '2026-11-27T08:00:00Z', peer_user_id: 5 },
  messages,
  num_results: messages.length,
  next_offset: null,
});

describe('the chat about an ad (/home-4/chat/:id)', () => {
  it("reads its newest page again when the chat hears of this conversation, not of another", async () => {
    const pages = [page([message(1, true)]), page([message(2, false), message(1, true)])];
    const loads: number[] = [];
    const machine = conversationMachine.provide({
      actors: {
        'load conversation': fromPromise<ConversationMessages, { conversationId: number; offset: number; length: number }>(async ({ input }) => {
          loads.push(input.conversationId);
          return pages.shift() ?? page([]);
        }),
        'read conversation': fromPromise<Unread, { conversationId: number }>(async () => ({ support: 0, public: 0, conversations: 0 })),
      },
    });
    const actor = createActor(machine, { input: { conversationId: 71 } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    actor.send({ type: 'messages.changed', conversationId: 12 });
    expect(actor.getSnapshot().matches({ list: 'shown' })).toBe(true);
    actor.send({ type: 'messages.changed', conversationId: 71 });
    await waitFor(actor, (snapshot) => snapshot.context.messages.length === 2);
    expect(loads).toEqual([71, 71]);
  });

  it("names the buyer to the ad's publisher (the page's title), no one to the buyer", async () => {
    const start = (answer: ConversationMessages) =>
      createActor(
        conversationMachine.provide({
          actors: {
            'load conversation': fromPromise<ConversationMessages, { conversationId: number; offset: number; length: number }>(async () => answer),
            'read conversation': fromPromise<Unread, { conversationId: number }>(async () => ({ support: 0, public: 0, conversations: 0 })),
          },
        }),
        { input: { conversationId: 71 } },
      ).start();
    const buyers = page([message(1, true)]);
    const publishers = { ...buyers, conversation: { ...buyers.conversation, starter_name: 'رضا احمدی' } };
    const publisher = start(publishers);
    await waitFor(publisher, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(chatStarterName(publisher.getSnapshot())).toBe('رضا احمدی');
    const buyer = start(buyers);
    await waitFor(buyer, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(chatStarterName(buyer.getSnapshot())).toBeNull();
  });
});
