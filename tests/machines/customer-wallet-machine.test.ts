import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConsoleCustomer, CustomerWallet } from '@contract/console/counter-entities';
import { customerWalletMachine, type WalletAdjustment } from '@machines/console/customer-wallet-machine';

const customer: ConsoleCustomer = { user_id: 7, name: 'Sara', mobile: '09121234567', balance: 50_000, access_flag: 1 };
const wallet = (balance: number): CustomerWallet => ({ customer: { ...customer, balance }, transactions: [], limit: 12_000_000 });

function start(adjust: (input: WalletAdjustment) => Promise<CustomerWallet> = async (input) => wallet(customer.balance + input.amount)) {
  const searches: string[] = [];
  const adjustments: WalletAdjustment[] = [];
  const machine = customerWalletMachine.provide({
    actors: {
      'find customers': fromPromise(async ({ input }: { input: { search: string } }) => {
        searches.push(input.search);
        return [customer];
      }),
      'load wallet': fromPromise(async () => wallet(customer.balance)),
      'adjust wallet': fromPromise(async ({ input }: { input: WalletAdjustment }) => {
        adjustments.push(input);
        return adjust(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { currency: 'IRT' } }).start();
  return { actor, searches, adjustments };
}

async function openWallet(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'search.text', text: '۰۹۱۲' });
  actor.send({ type: 'search.submit' });
  await waitFor(actor, (snapshot) => snapshot.context.customers !== null);
  actor.send({ type: 'customer.open', userId: 7 });
  await waitFor(actor, (snapshot) => snapshot.matches({ wallet: 'shown' }));
}

describe('customer wallet chart', () => {
  it('searches by phone in either digits, at least 3 characters', async () => {
    const { actor, searches } = start();
    actor.send({ type: 'search.text', text: '09' });
    actor.send({ type: 'search.submit' });
    expect(actor.getSnapshot().context.searchProblem).toBe('too_short');
    expect(searches).toEqual([]);
    await openWallet(actor);
    expect(searches).toEqual(['0912']);
    expect(actor.getSnapshot().context.wallet?.limit).toBe(12_000_000);
  });

  it('refuses an adjustment without an amount or a reason here: nothing is sent', async () => {
    const { actor, adjustments } = start();
    await openWallet(actor);
    actor.send({ type: 'adjust.submit' });
    expect(actor.getSnapshot().context.problems).toEqual({ amount: 'required', reason: 'required' });
    expect(adjustments).toEqual([]);
  });

  it('sends a top-up typed in toman as rial with its reason; a correction goes negative', async () => {
    const { actor, adjustments } = start();
    await openWallet(actor);
    actor.send({ type: 'adjust.amount', text: '۵۰۰۰' });
    actor.send({ type: 'adjust.reason', text: 'Gift' });
    actor.send({ type: 'adjust.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.adjusted !== null);
    expect(adjustments).toEqual([{ user_id: 7, amount: 50_000, reason: 'Gift' }]);
    expect(actor.getSnapshot().context.wallet?.customer.balance).toBe(100_000);
    expect(actor.getSnapshot().context.amount).toBe('');
    actor.send({ type: 'adjust.kind', kind: 'correction' });
    actor.send({ type: 'adjust.amount', text: '100' });
    actor.send({ type: 'adjust.reason', text: 'Typo' });
    actor.send({ type: 'adjust.submit' });
    await waitFor(actor, (snapshot) => adjustments.length === 2 && snapshot.matches({ wallet: 'shown' }));
    expect(adjustments[1]).toEqual({ user_id: 7, amount: -1_000, reason: 'Typo' });
  });

  it("keeps the server's refusal (over the limit) in its words, and the form as typed", async () => {
    const refusal = { result: 'wallet_limit', message: 'At most 1,200,000 toman at once.' };
    const { actor } = start(() => Promise.reject(refusal));
    await openWallet(actor);
    actor.send({ type: 'adjust.amount', text: '9000000' });
    actor.send({ type: 'adjust.reason', text: 'Big' });
    actor.send({ type: 'adjust.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toMatchObject(refusal);
    expect(actor.getSnapshot().context.amount).toBe('9000000');
    expect(actor.getSnapshot().context.adjusted).toBeNull();
  });
});
