import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { Factor, Language, LongPoll, Shop, User } from '@contract/index';
import { DeliveryMethod } from '@contract/enums';
import { OrderStatus } from '@contract/entities/order';
import { appMachine } from '@machines/app-machine';
import { chatMachine } from '@machines/chat-machine';
import type { PollInput } from '@machines/long-poll';
import { orderMachine } from '@machines/order-machine';
import { resourceMachine, selectResource, type ApiRequest } from '@machines/resource-machine';
import { SYSTEM_IDS } from '@machines/system';
import { resolveRoute } from '@/routes/guards';
import { firstAnswer, startLiveChannel } from './chat-fixtures';
import { bannersFixture, conversationsFixture, emptyCartFixture, foldersFixture, shopFixture, slidesFixture, userFixture } from './fixtures';

// Issue 30, "the customer sees each change live": the live channel's order_status, access_changed and
// wallet_changed reach the chart that owns what the customer sees, and an order's change is told once.

const confirmed: LongPoll = {
  count: 8,
  events: [{ id: 8, type: 'order_status', order_id: 9, action: 'confirm', status: OrderStatus.confirmedByStore, ready_at: '2026-11-27T08:25:00Z', ready_in: 25, reason: '' }],
  unread: { support: 0, public: 0, conversations: 0 },
};

/** The real chat among recorders for the app, the open order, the orders list and the wallet; the notices recorded. */
function startChat() {
  return startLiveChannel([SYSTEM_IDS.app, SYSTEM_IDS.order, SYSTEM_IDS.orders, SYSTEM_IDS.wallet]);
}

describe('the live channel hands the store’s changes over', () => {
  it('Scenario: order_status reaches the open order and the orders list, and tells the customer once, with the minutes until ready', async () => {
    const { answer, received, notices } = startChat();
    await answer(firstAnswer);
    await answer(confirmed);
    expect(received[SYSTEM_IDS.order]).toEqual([{ type: 'order.changed', orderId: 9 }]);
    expect(received[SYSTEM_IDS.orders]).toEqual([{ type: 'resource.refresh' }]);
    expect(notices).toEqual([{ tone: 'info', id: 'order confirmed, ready in', values: { minutes: 25 } }]);
  });

  it('Scenario: a sent pickup order is "ready for pickup", a courier one "on its way"; a store cancel carries its reason; completed is delivered', async () => {
    const { answer, notices } = startChat();
    await answer(firstAnswer);
    const change = (id: number, action: 'send' | 'complete' | 'cancel', extra: object = {}) => ({ id, type: 'order_status' as const, order_id: 9, action, status: 0, ready_at: null, ready_in: null, reason: '', ...extra });
    await answer({
      count: 12,
      events: [
        change(9, 'send', { delivery_method: DeliveryMethod.pickup }),
        change(10, 'send', { delivery_method: DeliveryMethod.courier }),
        change(11, 'complete'),
        change(12, 'cancel', { reason: 'تمام شد' }),
      ],
      unread: { support: 0, public: 0, conversations: 0 },
    });
    expect(notices.map((notice) => (notice.tone === 'failure' ? null : [notice.id, notice.values ?? null]))).toEqual([
      ['order ready for pickup', null],
      ['order on its way', null],
      ['order delivered', null],
      ['order canceled by the store, reason', { reason: 'تمام شد' }],
    ]);
  });

  it("Scenario: the customer's own cancel (no reason: the lifecycle table's customer cancel) updates the order and the list but tells nothing more", async () => {
    const { answer, received, notices } = startChat();
    await answer(firstAnswer);
    await answer({
      count: 9,
      events: [{ id: 9, type: 'order_status', order_id: 9, action: 'cancel', status: OrderStatus.canceled, ready_at: null, ready_in: null, reason: '' }],
      unread: { support: 0, public: 0, conversations: 0 },
    });
    expect(received[SYSTEM_IDS.order]).toEqual([{ type: 'order.changed', orderId: 9 }]);
    expect(received[SYSTEM_IDS.orders]).toEqual([{ type: 'resource.refresh' }]);
    expect(notices).toEqual([]);
  });

  it('Scenario: access_changed has the app read the user again; wallet_changed has the open wallet read again', async () => {
    const { answer, received, notices } = startChat();
    await answer(firstAnswer);
    await answer({
      count: 10,
      events: [
        { id: 9, type: 'access_changed', access_flag: 1 },
        { id: 10, type: 'wallet_changed' },
      ],
      unread: { support: 0, public: 0, conversations: 0 },
    });
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'user.refresh' }]);
    expect(received[SYSTEM_IDS.wallet]).toEqual([{ type: 'resource.refresh' }]);
    expect(received[SYSTEM_IDS.order]).toEqual([]);
    expect(notices).toEqual([]);
  });
});

describe('the open order follows the store', () => {
  /** The order's chart with its reads stubbed: the server's order is whatever `server` holds at the read. */
  function startOrder() {
    const server: { order: Factor } = { order: { id: 9, status: OrderStatus.pending, ready_at: null, history: [] } as unknown as Factor };
    let loads = 0;
    const machine = orderMachine.provide({
      actors: {
        'load order': fromPromise(async () => {
          loads += 1;
          return server.order;
        }),
      },
    });
    const actor = createActor(machine, { input: { id: 9 } }).start();
    return { actor, server, loads: () => loads };
  }

  const confirmedOrder = {
    id: 9,
    status: OrderStatus.confirmedByStore,
    ready_at: '2026-11-27T08:25:00Z',
    history: [
      { action: 'place', status: OrderStatus.pending, at: '2026-11-27T08:00:00Z', by: 'customer', reason: '', ready_in: null },
      { action: 'confirm', status: OrderStatus.confirmedByStore, at: '2026-11-27T08:00:30Z', by: 'store', reason: '', ready_in: 25 },
    ],
  } as unknown as Factor;

  it('Scenario: the store confirms the shown order: it is read again, its status, ready time and history change; another order changes nothing', async () => {
    const { actor, server, loads } = startOrder();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    expect(loads()).toBe(1);
    actor.send({ type: 'order.changed', orderId: 10 });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    server.order = confirmedOrder;
    actor.send({ type: 'order.changed', orderId: 9 });
    const updated = await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && snapshot.context.order?.status === OrderStatus.confirmedByStore);
    expect(loads()).toBe(2);
    expect(updated.context.order?.ready_at).toBe('2026-11-27T08:25:00Z');
    expect(updated.context.order?.history.map((entry) => entry.action)).toEqual(['place', 'confirm']);
    // A confirmed order is no longer the customer's to cancel (the lifecycle table).
    expect(updated.can({ type: 'order.cancel' })).toBe(false);
  });

  it('Scenario: the store confirms while the customer is asked "cancel?": the question closes and cancel is no longer offered', async () => {
    const { actor, server } = startOrder();
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));
    actor.send({ type: 'order.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'askingCancel' })).toBe(true);
    server.order = confirmedOrder;
    actor.send({ type: 'order.changed', orderId: 9 });
    const updated = await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && snapshot.context.order?.status === OrderStatus.confirmedByStore);
    expect(updated.can({ type: 'order.cancel' })).toBe(false);
  });
});

describe('what the customer sees is read again', () => {
  it('Scenario: a refreshed resource keeps its data shown while it reads, then shows the new data', async () => {
    let balance = 100;
    let finish: () => void = () => {};
    const machine = resourceMachine.provide({
      actors: {
        call: fromPromise<unknown, ApiRequest>(async () => {
          if (balance > 100) await new Promise<void>((resolve) => (finish = resolve));
          return { balance, transactions: [] };
        }),
      },
    });
    const actor = createActor(machine, { input: { load: { code: 'get_wallet', payload: {} } } }).start();
    await waitFor(actor, (snapshot) => selectResource(snapshot).status === 'ready');
    balance = 250;
    actor.send({ type: 'resource.refresh' });
    expect(selectResource<{ balance: number }>(actor.getSnapshot())).toMatchObject({ status: 'ready', data: { balance: 100 } });
    finish();
    await waitFor(actor, (snapshot) => selectResource<{ balance: number }>(snapshot).data?.balance === 250);
  });

  it('Scenario: access_changed at an access-request shop: the app reads the user again and leads where the startup would (-1: Access Denied)', async () => {
    const accessShop: Shop = { ...shopFixture, access_request: 1 as Shop['access_request'] };
    const waiting: User = { ...userFixture, access_flag: 0 };
    const denied: User = { ...userFixture, access_flag: -1 };
    let user: User | null = waiting;
    const polls: ((answer: LongPoll) => void)[] = [];
    const machine = appMachine.provide({
      actors: {
        'load language': fromPromise<Language, void>(async () => 'fa'),
        'load shop': fromPromise(async () => accessShop),
        'load user': fromPromise(async () => user),
        'load conversations': fromPromise(async () => conversationsFixture),
        'load cart': fromPromise(async () => emptyCartFixture),
        'load slides': fromPromise(async () => slidesFixture),
        'load folders': fromPromise(async () => foldersFixture),
        'load banners': fromPromise(async () => bannersFixture),
        chat: chatMachine.provide({ actors: { poll: fromPromise<LongPoll, PollInput>(() => new Promise((resolve) => polls.push(resolve))) } }),
      },
      actions: { 'persist language': () => {} },
    });
    const app = createActor(machine, { systemId: SYSTEM_IDS.app }).start();
    await waitFor(app, (snapshot) => snapshot.matches('ready'));
    const chat = app.system.get(SYSTEM_IDS.chat) as ActorRefFrom<typeof chatMachine>;
    await waitFor(chat, () => polls.length === 1, { timeout: 2_000 });
    const route = () => resolveRoute('/', { shop: app.getSnapshot().context.shop as never, user: app.getSnapshot().context.user });
    expect(route().kind).toBe('render');
    polls.shift()?.(firstAnswer);
    await waitFor(chat, () => polls.length === 1, { timeout: 2_000 });
    user = denied;
    polls.shift()?.({ count: 9, events: [{ id: 9, type: 'access_changed', access_flag: -1 }], unread: { support: 0, public: 0, conversations: 0 } });
    await waitFor(app, (snapshot) => snapshot.context.user?.access_flag === -1, { timeout: 2_000 });
    expect(route()).toEqual({ kind: 'redirect', to: '/access-denied' });
    // The same as a startup that read this user.
    expect(resolveRoute('/', { shop: accessShop as never, user: denied })).toEqual(route());
  });
});

