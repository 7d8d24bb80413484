import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import type { WalletChargeResult } from '@contract/entities/account';
import type { Currency } from '@contract/enums';
import { WALLET_CHARGE_RIAL } from '@contract/rules/wallet-charge';
import {
  selectChargeBusy,
  selectChargeFailure,
  selectChargeFieldFailure,
  selectChargeInvalid,
  selectChargeResult,
  typedRial,
  walletChargeMachine,
} from '@machines/wallet-charge-machine';

/** A refusal as the live actors reject: the envelope's result, the server's localised message and its data. */
const refusal = (result: string, message: string, data?: unknown) => ({ result, message, data });

/**
 * The top-up chart beside a stand-in wallet page (the resource registered as 'wallet', which records what it is told),
 * in one system: wallet_charge, wallet_charge_verify, the trip to the bank and the address change are stubs that
 * record what they were asked.
 */
function start(options: {
  sepId?: string | null;
  currency?: Currency;
  charge?: (amount: number) => Promise<{ redirect_url: string; sep_id: string; amount: number }>;
  verify?: (sepId: string) => Promise<WalletChargeResult>;
}) {
  const charged: number[] = [];
  const verified: string[] = [];
  const banks: string[] = [];
  const forgotten: number[] = [];
  const walletTold: string[] = [];
  const charge = walletChargeMachine.provide({
    actors: {
      'start charge': fromPromise(async ({ input }: { input: { amount: number } }) => {
        charged.push(input.amount);
        return (options.charge ?? (async (amount) => ({ redirect_url: '/sandbox-gateway/pay/T1', sep_id: 'T1', amount })))(input.amount);
      }),
      'verify charge': fromPromise(async ({ input }: { input: { sep_id: string } }) => {
        verified.push(input.sep_id);
        return (options.verify ?? (async () => ({ outcome: 'paid', amount: 2_000_000, balance: 2_000_000, message: 'کیف پول شما ۲۰۰٬۰۰۰ تومان شارژ شد.' })))(input.sep_id);
      }),
    },
    actions: {
      'go to the bank': (_, { url }) => void banks.push(url),
      'forget the return': () => void forgotten.push(1),
    },
  });
  const wallet = createMachine({ on: { 'resource.refresh': { actions: ({ event }) => void walletTold.push(event.type) } } });
  const app = setup({ actors: { charge, wallet } }).createMachine({
    invoke: [
      { src: 'wallet', id: 'wallet', systemId: 'wallet' },
      { src: 'charge', id: 'charge', input: { sepId: options.sepId ?? null, currency: options.currency ?? 'IRT' } },
    ],
  });
  const root = createActor(app, { systemId: 'app' }).start();
  const actor = root.getSnapshot().children.charge as ActorRefFrom<typeof charge>;
  return { actor, charged, verified, banks, forgotten, walletTold };
}

describe('wallet charge machine', () => {
  it('Scenario: a valid amount, typed in Persian digits with separators, goes to wallet_charge in rial and then to the bank', async () => {
    const { actor, charged, banks, verified } = start({});
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'charge.amount', amount: '۲۰۰٬۰۰۰' });
    expect(actor.getSnapshot().can({ type: 'charge.submit' })).toBe(true);
    actor.send({ type: 'charge.submit' });
    expect(selectChargeBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.matches('leaving'));
    expect(charged).toEqual([2_000_000]);
    expect(banks).toEqual(['/sandbox-gateway/pay/T1']);
    expect(verified).toEqual([]);
    // Leaving for the bank, nothing more can be sent.
    expect(actor.getSnapshot().can({ type: 'charge.submit' })).toBe(false);
  });

  it('Scenario: an amount outside the limits, not whole or not a number is refused with nothing sent; a new amount clears the refusal', async () => {
    const { actor, charged, banks } = start({});
    const belowMin = String(WALLET_CHARGE_RIAL.min / 10 - 1);
    const aboveMax = String(WALLET_CHARGE_RIAL.max / 10 + 1);
    for (const typed of ['', belowMin, aboveMax, '10.5', 'abc', '۰']) {
      actor.send({ type: 'charge.amount', amount: typed });
      expect(selectChargeInvalid(actor.getSnapshot()), typed).toBe(false);
      actor.send({ type: 'charge.submit' });
      expect(actor.getSnapshot().matches('idle'), typed).toBe(true);
      expect(selectChargeInvalid(actor.getSnapshot()), typed).toBe(true);
    }
    expect(charged).toEqual([]);
    expect(banks).toEqual([]);
    actor.send({ type: 'charge.amount', amount: '50000' });
    expect(selectChargeInvalid(actor.getSnapshot())).toBe(false);
  });

  it('Scenario: at a rial shop the amount typed is rial (any whole rial within the limits); a decimal point is refused, not dropped', async () => {
    expect(Number.isNaN(typedRial('12.5', 'IRT'))).toBe(true);
    expect(typedRial('۱۲٬۳۴۵', 'IRT')).toBe(123_450);
    const { actor, charged } = start({ currency: 'IRR' });
    actor.send({ type: 'charge.amount', amount: '123,456' });
    actor.send({ type: 'charge.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('leaving'));
    expect(charged).toEqual([123_456]);
  });

  it('Scenario: the server refuses the amount: its message is shown at the field, nothing goes to the bank, and the customer may try again', async () => {
    const { actor, banks, charged } = start({
      charge: async () => {
        throw refusal('wallet_charge_amount', 'مبلغ شارژ باید بین ۱۰٬۰۰۰ تومان و ۵۰٬۰۰۰٬۰۰۰ تومان باشد.', { field: 'amount' });
      },
    });
    actor.send({ type: 'charge.amount', amount: '20000' });
    actor.send({ type: 'charge.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(charged).toEqual([200_000]);
    expect(banks).toEqual([]);
    expect(selectChargeFieldFailure(actor.getSnapshot())).toBe('مبلغ شارژ باید بین ۱۰٬۰۰۰ تومان و ۵۰٬۰۰۰٬۰۰۰ تومان باشد.');
    expect(selectChargeFailure(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().can({ type: 'charge.submit' })).toBe(true);
    actor.send({ type: 'charge.amount', amount: '30000' });
    expect(selectChargeFieldFailure(actor.getSnapshot())).toBeNull();
  });

  it('Scenario: back from the bank, the return is verified once, the address forgets it and the wallet is read again', async () => {
    const { actor, verified, forgotten, walletTold, charged } = start({ sepId: 'RET1' });
    expect(selectChargeBusy(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().can({ type: 'charge.submit' })).toBe(false);
    await waitFor(actor, (snapshot) => snapshot.matches('verified'));
    expect(verified).toEqual(['RET1']);
    expect(forgotten).toEqual([1]);
    expect(walletTold).toEqual(['resource.refresh']);
    expect(charged).toEqual([]);
    expect(selectChargeResult(actor.getSnapshot())).toMatchObject({ outcome: 'paid', balance: 2_000_000 });
    // Another top-up starts from an empty form and does not verify the old return again.
    actor.send({ type: 'charge.again' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(selectChargeResult(actor.getSnapshot())).toBeNull();
    expect(verified).toEqual(['RET1']);
  });

  it('Scenario: a top-up canceled at the bank shows the refusal and the wallet is read again (its fail row)', async () => {
    const { actor, walletTold } = start({
      sepId: 'RET2',
      verify: async () => ({ outcome: 'canceled', amount: 1_000_000, balance: 0, message: 'پرداخت لغو شد؛ کیف پول شارژ نشد.' }),
    });
    await waitFor(actor, (snapshot) => snapshot.matches('verified'));
    expect(selectChargeResult(actor.getSnapshot())).toEqual({ outcome: 'canceled', amount: 1_000_000, balance: 0, message: 'پرداخت لغو شد؛ کیف پول شارژ نشد.' });
    expect(walletTold).toEqual(['resource.refresh']);
  });

  it('Scenario: a return the server does not know shows its message, forgets the address and leaves the form usable', async () => {
    const { actor, forgotten, walletTold } = start({
      sepId: 'nothing-like-it',
      verify: async () => {
        throw refusal('not_found', 'این پرداخت پیدا نشد.');
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(selectChargeFailure(actor.getSnapshot())).toBe('این پرداخت پیدا نشد.');
    expect(selectChargeFieldFailure(actor.getSnapshot())).toBeNull();
    expect(forgotten).toEqual([1]);
    expect(walletTold).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'charge.submit' })).toBe(true);
  });
});
