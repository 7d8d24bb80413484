import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { WalletChargeResult } from '@contract/entities/account';
import { normalizeDigits } from '@contract/digits';
import type { Currency } from '@contract/enums';
import { toRial } from '@contract/money';
import { isWalletChargeAmount } from '@contract/rules/wallet-charge';
import { asFailure, type ApiFailure } from './api-failure';
import { notProvided } from './not-provided';
import { SYSTEM_IDS } from './system';

export interface WalletChargeInput {
  /** the bank's return (/profile/wallet?sep_id=…): the top-up to verify first; null on an ordinary visit */
  sepId: string | null;
  currency: Currency;
}

export interface WalletChargeContext extends WalletChargeInput {
  /** the amount as typed, in the shop's currency (Persian digits and separators too) */
  amount: string;
  /** the typed amount is outside WALLET_CHARGE_RIAL or not whole units (the view words the limits) */
  invalid: boolean;
  result: WalletChargeResult | null;
  failure: ApiFailure | null;
}

export type WalletChargeEvent = { type: 'charge.amount'; amount: string } | { type: 'charge.submit' } | { type: 'charge.again' };

/** The typed amount in rial, or NaN when it is not a whole number (a decimal point is refused, not dropped). */
export function typedRial(typed: string, currency: Currency): number {
  const text = normalizeDigits(typed).replace(/[\s,٬،]/g, '');
  return /^\d{1,15}$/.test(text) ? toRial(Number(text), currency) : Number.NaN;
}

/**
 * A top-up of the customer's own wallet (spec §4's operation charge), as the wallet page runs it: an amount within
 * contract/rules/wallet-charge.ts, checked before it is sent; wallet_charge, then the bank's page. Back from the bank
 * (sep_id), wallet_charge_verify first: its answer is shown, the address loses its sep_id (a reload does not ask
 * again) and the wallet page's list is read again (a failed or canceled top-up is its "fail" row).
 */
export const walletChargeMachine = setup({
  types: {
    context: {} as WalletChargeContext,
    events: {} as WalletChargeEvent,
    input: {} as WalletChargeInput,
    tags: {} as 'busy',
  },
  actors: {
    'start charge': fromPromise<{ redirect_url: string; sep_id: string; amount: number }, { amount: number }>(notProvided('start charge')),
    'verify charge': fromPromise<WalletChargeResult, { sep_id: string }>(notProvided('verify charge')),
  },
  actions: {
    // Provided by the composition root: the browser leaves for the bank's page.
    'go to the bank': (_, _params: { url: string }) => {},
    // Provided by the composition root: the wallet page's address without the bank's sep_id.
    'forget the return': () => {},
    'read the wallet again': enqueueActions<WalletChargeContext, WalletChargeEvent, undefined, WalletChargeEvent, never, never, never, never, never>(({ system, enqueue }) => {
      const wallet = system.get(SYSTEM_IDS.wallet);
      if (wallet) enqueue.sendTo(wallet, { type: 'resource.refresh' });
    }),
  },
  guards: {
    'is a return': ({ context }) => context.sepId !== null,
    'the amount is valid': ({ context }) => isWalletChargeAmount(typedRial(context.amount, context.currency), context.currency),
  },
}).createMachine({
  id: 'walletCharge',
  context: ({ input }) => ({ ...input, amount: '', invalid: false, result: null, failure: null }),
  initial: 'opening',
  states: {
    opening: { always: [{ guard: 'is a return', target: 'verifying' }, { target: 'idle' }] },
    idle: {
      on: {
        'charge.amount': { actions: assign({ amount: ({ event }) => event.amount, invalid: false, failure: null }) },
        // An amount the rule refuses is never sent: the chart records the refusal, the view words the limits.
        'charge.submit': [{ guard: 'the amount is valid', target: 'starting' }, { actions: assign({ invalid: true }) }],
      },
    },
    starting: {
      tags: ['busy'],
      entry: assign({ failure: null }),
      invoke: {
        src: 'start charge',
        input: ({ context }) => ({ amount: typedRial(context.amount, context.currency) }),
        onDone: { target: 'leaving', actions: { type: 'go to the bank', params: ({ event }) => ({ url: event.output.redirect_url }) } },
        onError: { target: 'idle', actions: assign({ failure: ({ event }) => asFailure(event.error) }) },
      },
    },
    // The page is leaving for the bank.
    leaving: { tags: ['busy'] },
    verifying: {
      tags: ['busy'],
      invoke: {
        src: 'verify charge',
        input: ({ context }) => ({ sep_id: context.sepId ?? '' }),
        onDone: { target: 'verified', actions: [assign({ result: ({ event }) => event.output, sepId: null }), 'forget the return', 'read the wallet again'] },
        onError: { target: 'idle', actions: [assign({ failure: ({ event }) => asFailure(event.error), sepId: null }), 'forget the return'] },
      },
    },
    verified: { on: { 'charge.again': { target: 'idle', actions: assign({ result: null, amount: '' }) } } },
  },
});

export type WalletChargeSnapshot = SnapshotFrom<typeof walletChargeMachine>;
type Viewed = WalletChargeSnapshot | undefined;

/** The amount as typed. */
export const selectChargeAmount = (snapshot: Viewed): string => snapshot?.context.amount ?? '';
/** The typed amount was refused by the rule before anything was sent. */
export const selectChargeInvalid = (snapshot: Viewed): boolean => snapshot?.context.invalid ?? false;
const refusedField = (failure: ApiFailure): string | null => {
  const field = (failure.data as { field?: unknown } | null | undefined)?.field;
  return typeof field === 'string' ? field : null;
};
/** The server's refusal of the amount itself (its localised message): shown at the field, as the rule's refusal is. */
export const selectChargeFieldFailure = (snapshot: Viewed): string | null => {
  const failure = snapshot?.context.failure;
  return failure && refusedField(failure) === 'amount' ? failure.message : null;
};
/** Any other failure of the last call (no gateway, an unknown return, an outage): shown above the form. */
export const selectChargeFailure = (snapshot: Viewed): string | null => {
  const failure = snapshot?.context.failure;
  return failure && refusedField(failure) !== 'amount' ? failure.message : null;
};
/** How the bank's return stands, once verified. */
export const selectChargeResult = (snapshot: Viewed): WalletChargeResult | null => snapshot?.context.result ?? null;
/** A call is under way or the page is leaving for the bank. */
export const selectChargeBusy = (snapshot: Viewed): boolean => snapshot?.hasTag('busy') ?? false;
/** The bank's return is being verified. */
export const selectChargeVerifying = (snapshot: Viewed): boolean => snapshot?.matches('verifying') ?? false;
