import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AccessRequest, ConsoleCustomer, CounterSettings, CustomerWallet } from '@contract/console/counter-entities';
import type { InboxChatList, InboxChatPage } from '@contract/console/entities';
import type { AdQueuePage, QueuedAd } from '@contract/console/endpoints/ads';
import type { ChatMessage } from '@contract/entities/chat';
import { ORDER_TOTAL_MAX_RIAL, REFERRAL_REWARD_RIAL, STAFF_WALLET_DAY_LIMIT_RIAL, STAFF_WALLET_LIMIT_RIAL } from '@contract/rules/counter';
import { accessRequestsMachine, type AccessAnswer, type AccessRequestPage } from '@machines/console/access-requests-machine';
import { adQueueMachine, type ModerationRequest } from '@machines/console/ad-queue-machine';
import { counterSettingsMachine, type CounterSettingsUpdate } from '@machines/console/counter-settings-machine';
import { customerWalletMachine, type WalletAdjustment } from '@machines/console/customer-wallet-machine';
import { inboxMachine, type PictureReply, type ReplyRequest } from '@machines/console/inbox-machine';
import type { UploadEvent } from '@machines/upload';
import { adDetail } from './classifieds/ad-fixtures';
import { heldRequests, settle } from './held-requests';

const refusal = { result: 'invalid_input', message: 'No.' };

describe('access requests: the reason typed while a denial is on its way', () => {
  const request: AccessRequest = {
    id: 1,
    user_id: 101,
    name: 'Customer 1',
    mobile: '09120000000',
    company: 'Shop',
    message: '',
    status: 'pending',
    reason: '',
    created_at: '2026-11-27T08:00:00.000Z',
    answered_at: null,
    answered_by: '',
  };
  const page: AccessRequestPage = { requests: [request], num_results: 1, next_offset: null, pending_count: 1 };

  it('Scenario: the reason typed while the denial is sent is kept when it is refused; Cancel waits for the answer', async () => {
    const answers = heldRequests<AccessAnswer, AccessRequest>();
    const machine = accessRequestsMachine.provide({
      actors: { 'load requests': fromPromise(async () => page), 'answer request': fromPromise(({ input }: { input: AccessAnswer }) => answers.call(input)) },
    });
    const actor = createActor(machine).start();
    await settle();
    actor.send({ type: 'access.denyOpen', requestId: 1 });
    actor.send({ type: 'access.reason', text: 'Not a shop we serve' });
    expect(actor.getSnapshot().can({ type: 'access.denyCancel' })).toBe(true);
    actor.send({ type: 'access.deny' });
    expect(actor.getSnapshot().matches({ answer: 'denying' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'access.denyCancel' })).toBe(false);
    actor.send({ type: 'access.reason', text: 'Not a shop we serve here' });
    answers.next().reject(refusal);
    await settle();
    expect(actor.getSnapshot().context.reason).toBe('Not a shop we serve here');
    expect(actor.getSnapshot().can({ type: 'access.denyCancel' })).toBe(true);
  });
});

describe('ad moderation: the reason typed while a decision is on its way', () => {
  const queued: QueuedAd = {
    ad: adDetail(1, { title: 'آپارتمان', status: 'awaiting' }),
    publisher_id: 11,
    publisher_phone: '09120000000',
    reports: [],
    history: [],
    actions: ['approve', 'reject', 'ask_edit'],
  };
  const page: AdQueuePage = { ads: [queued], total: 1, next_offset: null };

  it('Scenario: the reason typed while a rejection is sent is kept when it fails; Cancel waits for the answer', async () => {
    const decisions = heldRequests<ModerationRequest, QueuedAd>();
    const machine = adQueueMachine.provide({
      actors: { 'load queue': fromPromise(async () => page), moderate: fromPromise(({ input }: { input: ModerationRequest }) => decisions.call(input)) },
    });
    const actor = createActor(machine).start();
    await settle();
    actor.send({ type: 'queue.reasonOpen', adId: 1, action: 'reject' });
    actor.send({ type: 'queue.reason', text: 'The pictures are not of this flat.' });
    actor.send({ type: 'queue.send' });
    expect(actor.getSnapshot().matches({ decision: 'sending' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'queue.reasonCancel' })).toBe(false);
    actor.send({ type: 'queue.reason', text: 'The pictures are not of this flat at all.' });
    decisions.next().reject(refusal);
    await settle();
    expect(actor.getSnapshot().context.reason).toBe('The pictures are not of this flat at all.');
    expect(actor.getSnapshot().can({ type: 'queue.reasonCancel' })).toBe(true);
  });
});

describe('counter settings: typing while the settings save', () => {
  const settings: CounterSettings = {
    payment_wait_minutes: 20,
    referral_reward: REFERRAL_REWARD_RIAL.default,
    order_sms: true,
    staff_wallet_limit: STAFF_WALLET_LIMIT_RIAL.default,
    staff_wallet_day_limit: STAFF_WALLET_DAY_LIMIT_RIAL.default,
    order_total_max: ORDER_TOTAL_MAX_RIAL.default,
  };

  it('Scenario: a value typed and the SMS switched while the save is on its way are kept after the answer', async () => {
    const saves = heldRequests<CounterSettingsUpdate, CounterSettings>();
    const machine = counterSettingsMachine.provide({
      actors: { 'load settings': fromPromise(async () => settings), 'save settings': fromPromise(({ input }: { input: CounterSettingsUpdate }) => saves.call(input)) },
    });
    const actor = createActor(machine, { input: { currency: 'IRT' } }).start();
    await settle();
    actor.send({ type: 'settings.edit', field: 'payment_wait_minutes', value: '25' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    actor.send({ type: 'settings.edit', field: 'payment_wait_minutes', value: '30' });
    actor.send({ type: 'settings.sms', on: false });
    const request = saves.next();
    expect(request.input.payment_wait_minutes).toBe(25);
    request.resolve({ ...settings, payment_wait_minutes: 25 });
    await settle();
    expect(actor.getSnapshot().context.saved).toBe(true);
    expect(actor.getSnapshot().context.form).toMatchObject({ payment_wait_minutes: '30', order_sms: false });
    actor.send({ type: 'settings.save' });
    saves.next().resolve({ ...settings, payment_wait_minutes: 30, order_sms: false });
    await settle();
    expect(actor.getSnapshot().context.form).toMatchObject({ payment_wait_minutes: '30', order_sms: false });
  });
});

describe('customer wallet: typing while an adjustment is on its way', () => {
  const customer: ConsoleCustomer = { user_id: 7, name: 'Sara', mobile: '09121234567', balance: 50_000, access_flag: 1 };
  const wallet = (balance: number): CustomerWallet => ({ customer: { ...customer, balance }, transactions: [], limit: 12_000_000 });

  it('Scenario: the next amount and reason typed while a top-up is sent are kept; the note says what was sent', async () => {
    const adjustments = heldRequests<WalletAdjustment, CustomerWallet>();
    const machine = customerWalletMachine.provide({
      actors: {
        'find customers': fromPromise(async () => [customer]),
        'load wallet': fromPromise(async () => wallet(customer.balance)),
        'adjust wallet': fromPromise(({ input }: { input: WalletAdjustment }) => adjustments.call(input)),
      },
    });
    const actor = createActor(machine, { input: { currency: 'IRT' } }).start();
    actor.send({ type: 'customer.open', userId: 7 });
    await settle();
    actor.send({ type: 'adjust.amount', text: '10000' });
    actor.send({ type: 'adjust.reason', text: 'Cash at the counter' });
    actor.send({ type: 'adjust.submit' });
    expect(actor.getSnapshot().matches({ wallet: 'adjusting' })).toBe(true);
    actor.send({ type: 'adjust.amount', text: '5000' });
    actor.send({ type: 'adjust.reason', text: 'Second payment' });
    const request = adjustments.next();
    expect(request.input.amount).toBe(100_000);
    request.resolve(wallet(150_000));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ adjusted: 100_000, amount: '5000', reason: 'Second payment' });
    actor.send({ type: 'adjust.submit' });
    adjustments.next().resolve(wallet(200_000));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ adjusted: 50_000, amount: '', reason: '' });
  });
});

describe('inbox: a picture is chosen only when the composer takes it', () => {
  const message = (id: number, text: string): ChatMessage => ({ id, type: 'chat', from: 'user', name: 'Ali', message: text, media: null, read: true, created_at: '2026-11-25T08:00:00.000Z' });
  const list: InboxChatList = {
    chats: [{ user_id: 1, name: 'C1', mobile: '09120000000', last_message: 'x', last_from: 'user', last_has_media: false, last_at: '2026-11-25T08:00:00.000Z', unread: 0 }],
    num_results: 1,
    unread_count: 0,
    next_offset: null,
  };
  const page: InboxChatPage = { customer: { user_id: 1, name: 'Ali', mobile: '09120000000' }, messages: [message(10, 'a1')], num_results: 1, unread_count: 0, next_offset: null };

  it('Scenario: «Choose a picture» is not taken while a text reply is sent, and is once it is answered', async () => {
    const replies = heldRequests<ReplyRequest, ChatMessage>();
    const machine = inboxMachine.provide({
      actors: {
        'load chats': fromPromise(async () => list),
        'load chat': fromPromise(async () => page),
        'send reply': fromPromise(({ input }: { input: ReplyRequest }) => replies.call(input)),
        'mark read': fromPromise(async () => ({ unread_count: 0 })),
        'upload picture': fromCallback<UploadEvent, PictureReply>(() => undefined),
      },
    });
    const actor = createActor(machine).start();
    await settle();
    actor.send({ type: 'inbox.open', userId: 1 });
    await settle();
    expect(actor.getSnapshot().can({ type: 'reply.file', file: null })).toBe(true);
    actor.send({ type: 'reply.text', text: 'Hello' });
    actor.send({ type: 'reply.send' });
    expect(actor.getSnapshot().matches({ composer: 'sending' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'reply.file', file: null })).toBe(false);
    replies.next().resolve({ ...message(20, 'Hello'), from: 'shop' });
    await settle();
    expect(actor.getSnapshot().can({ type: 'reply.file', file: null })).toBe(true);
  });
});
