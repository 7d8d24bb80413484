import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor, type AnyActorRef } from 'xstate';
import type { AdDetail } from '@contract/entities/ad';
import type { ConversationMessages, Unread } from '@contract/entities/chat';
import type { Factor } from '@contract/entities/order';
import { adDetailMachine, isAdNotFound } from '@machines/classifieds/ad-detail-machine';
import { conversationFailure, conversationMachine, isConversationNotFound } from '@machines/conversation-machine';
import { orderMachine } from '@machines/order-machine';
import { resourceMachine, selectResource, type ApiRequest } from '@machines/resource-machine';

/*
 * Every detail route (ad, magazine post, item, order, conversation) is a page that says "not found" when the server
 * says so, never a skeleton for ever nor «خطایی رخ داده» with a retry: the chart decides it from the result word.
 */

const missing = (result: string) => ({ result, message: 'پیدا نشد' });
const offline = { result: 'network_error', message: 'اتصال به اینترنت برقرار نیست' };

describe('not found is a page of its own', () => {
  it("an ad the server does not show stays in the system as not found (a final state left it, and the page's skeleton waited for ever)", async () => {
    const detail = adDetailMachine.provide({
      actors: {
        'load ad': fromPromise<AdDetail, { id: number }>(async () => {
          throw missing('ad_not_found');
        }),
      },
    });
    const app = setup({ actors: { detail } }).createMachine({ invoke: { src: 'detail', id: 'detail', systemId: 'adDetail', input: { adId: 99999, loggedIn: false } } });
    const root = createActor(app).start();
    const child = root.system.get('adDetail') as AnyActorRef;
    await waitFor(child, (snapshot) => !snapshot.matches('loading'));
    expect(root.system.get('adDetail')).toBe(child);
    expect(isAdNotFound(child.getSnapshot())).toBe(true);
  });

  it('a resource (a magazine post, an item) answered not_found is notFound, with no retry; another failure is failed, with one', async () => {
    let answer: unknown = missing('not_found');
    const machine = resourceMachine.provide({
      actors: {
        call: fromPromise<unknown, ApiRequest>(async () => {
          throw answer;
        }),
      },
    });
    const post = createActor(machine, { input: { load: { code: 'get_magazine_post', payload: { id: 9999 } } } }).start();
    await waitFor(post, (snapshot) => !snapshot.matches('loading'));
    expect(selectResource(post.getSnapshot())).toMatchObject({ status: 'notFound', failure: { message: 'پیدا نشد' } });
    expect(post.getSnapshot().can({ type: 'resource.retry' })).toBe(false);

    answer = offline;
    const item = createActor(machine, { input: { load: { code: 'get_item', payload: { id: 1 } } } }).start();
    await waitFor(item, (snapshot) => !snapshot.matches('loading'));
    expect(selectResource(item.getSnapshot()).status).toBe('failed');
    expect(item.getSnapshot().can({ type: 'resource.retry' })).toBe(true);
  });

  it("an order that is not the customer's is notFound; a network failure is failed", async () => {
    const start = (error: unknown) =>
      createActor(
        orderMachine.provide({
          actors: {
            'load order': fromPromise<Factor, { id: number }>(async () => {
              throw error;
            }),
          },
        }),
        { input: { id: 999 } },
      ).start();
    const unknown = start(missing('not_found'));
    await waitFor(unknown, (snapshot) => !snapshot.matches('loading'));
    expect(unknown.getSnapshot().matches('notFound')).toBe(true);
    const cut = start(offline);
    await waitFor(cut, (snapshot) => !snapshot.matches('loading'));
    expect(cut.getSnapshot().matches('failed')).toBe(true);
  });

  it('a conversation that is not the person\'s is not found, not a failure to retry', async () => {
    const start = (error: unknown) =>
      createActor(
        conversationMachine.provide({
          actors: {
            'load conversation': fromPromise<ConversationMessages, { conversationId: number; offset: number; length: number }>(async () => {
              throw error;
            }),
            'read conversation': fromPromise<Unread, { conversationId: number }>(async () => ({ support: 0, public: 0, conversations: 0 })),
          },
        }),
        { input: { conversationId: 99999 } },
      ).start();
    const unknown = start(missing('not_found'));
    await waitFor(unknown, (snapshot) => snapshot.matches({ list: 'failed' }));
    expect(isConversationNotFound(unknown.getSnapshot())).toBe(true);
    expect(conversationFailure(unknown.getSnapshot())).toBeNull();
    const cut = start(offline);
    await waitFor(cut, (snapshot) => snapshot.matches({ list: 'failed' }));
    expect(isConversationNotFound(cut.getSnapshot())).toBe(false);
    expect(conversationFailure(cut.getSnapshot())?.message).toBe(offline.message);
  });
});
