import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ConsoleCustomer, CustomerWallet } from '@contract/console/counter-entities';
import { normalizeDigits } from '@contract/digits';
import type { Currency } from '@contract/enums';
import { toRial } from '@contract/money';
import { noProblems, walletAdjustProblems, type FormProblems } from '@contract/rules/counter-forms';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';

/** The fewest characters customers_find searches by. */
export const CUSTOMER_SEARCH_MIN = 3;

/** A top-up adds to the wallet; a correction takes back (the amount is sent negative). */
export type AdjustKind = 'topup' | 'correction';

export interface WalletAdjustment {
  user_id: number;
  /** rial, signed */
  amount: number;
  reason: string;
}

export interface CustomerWalletInput {
  /** the shop's currency: the amount is typed in it (toman for IRT) and sent in rial */
  currency: Currency;
}

export interface CustomerWalletContext {
  currency: Currency;
  search: string;
  /** the search is too short to send (the view words it) */
  searchProblem: 'too_short' | null;
  customers: ConsoleCustomer[] | null;
  searchFailure: ApiFailure | null;
  userId: number | null;
  wallet: CustomerWallet | null;
  walletFailure: ApiFailure | null;
  kind: AdjustKind;
  amount: string;
  reason: string;
  problems: FormProblems<'amount' | 'reason'>;
  /** the server's refusal of the last adjustment, in its words (over the limit, below zero) */
  refusal: ApiFailure | null;
  /** the last adjustment the server took (rial, signed), for the screen's note */
  adjusted: number | null;
  /** the form as the adjustment on its way was sent: typed into since, the answer neither blanks it nor reads it */
  sent: { kind: AdjustKind; amount: string; reason: string } | null;
}

export type CustomerWalletEvent =
  | { type: 'search.text'; text: string }
  | { type: 'search.submit' }
  | { type: 'customer.open'; userId: number }
  | { type: 'customer.close' }
  | { type: 'wallet.retry' }
  | { type: 'adjust.kind'; kind: AdjustKind }
  | { type: 'adjust.amount'; text: string }
  | { type: 'adjust.reason'; text: string }
  | { type: 'adjust.submit' };

/** The typed amount (the shop's currency, either digits) as signed rial; NaN when it is not a number. */
export function adjustmentRial(context: Pick<CustomerWalletContext, 'amount' | 'kind' | 'currency'>): number {
  const typed = normalizeDigits(context.amount).replace(/[,\s٬]/g, '').trim();
  const value = typed === '' ? 0 : Number(typed);
  if (!Number.isFinite(value)) return Number.NaN;
  const rial = toRial(value, context.currency);
  return context.kind === 'correction' ? -rial : rial;
}

const adjustProblems = (context: CustomerWalletContext) => walletAdjustProblems({ amount: adjustmentRial(context), reason: context.reason });

const EMPTY: FormProblems<'amount' | 'reason'> = {};
const BLANK_FORM = { kind: 'topup' as AdjustKind, amount: '', reason: '', problems: EMPTY, refusal: null };

/**
 * A customer's wallet at the console: find the customer by phone or name (customers_find), open their balance and
 * ledger (customer_wallet, with the most this staff member may add), and top up or correct it with a reason
 * (wallet_adjust, checked by walletAdjustProblems first). The limit and the balance staying at or above zero are the
 * server's: its refusal is kept in its words.
 */
export const customerWalletMachine = setup({
  types: {
    context: {} as CustomerWalletContext,
    events: {} as CustomerWalletEvent,
    input: {} as CustomerWalletInput,
  },
  actors: {
    'find customers': fromPromise<ConsoleCustomer[], { search: string }>(notProvided('find customers')),
    'load wallet': fromPromise<CustomerWallet, { user_id: number }>(notProvided('load wallet')),
    'adjust wallet': fromPromise<CustomerWallet, WalletAdjustment>(notProvided('adjust wallet')),
  },
  guards: {
    'search is short': ({ context }) => context.search.trim().length < CUSTOMER_SEARCH_MIN,
    'adjustment is refused': ({ context }) => !noProblems(adjustProblems(context)),
    'wallet is open': ({ context }) => context.wallet !== null,
  },
  actions: {
    'edit search': assign(({ event }) => {
      assertEvent(event, 'search.text');
      return { search: event.text, searchProblem: null };
    }),
    'refuse search': assign({ searchProblem: 'too_short' as const }),
    'store customers': assign((_, params: { customers: ConsoleCustomer[] }) => ({ customers: params.customers, searchFailure: null })),
    'store search failure': assign((_, params: { error: unknown }) => ({ searchFailure: asFailure(params.error) })),
    'open customer': assign(({ event }) => {
      assertEvent(event, 'customer.open');
      return { userId: event.userId, wallet: null, walletFailure: null, adjusted: null, ...BLANK_FORM };
    }),
    'close customer': assign({ userId: null, wallet: null, walletFailure: null, adjusted: null, ...BLANK_FORM }),
    'store wallet': assign((_, params: { wallet: CustomerWallet }) => ({ wallet: params.wallet, walletFailure: null })),
    'store wallet failure': assign((_, params: { error: unknown }) => ({ walletFailure: asFailure(params.error) })),
    'edit kind': assign(({ event }) => {
      assertEvent(event, 'adjust.kind');
      return { kind: event.kind, problems: EMPTY, refusal: null };
    }),
    'edit amount': assign(({ event }) => {
      assertEvent(event, 'adjust.amount');
      return { amount: event.text, problems: EMPTY, refusal: null };
    }),
    'edit reason': assign(({ event }) => {
      assertEvent(event, 'adjust.reason');
      return { reason: event.text, problems: EMPTY, refusal: null };
    }),
    'refuse adjustment': assign(({ context }) => ({ problems: adjustProblems(context), adjusted: null })),
    'start adjustment': assign(({ context }) => ({ refusal: null, adjusted: null, sent: { kind: context.kind, amount: context.amount, reason: context.reason } })),
    /** The server's wallet after the adjustment (its balance and the new row); the form starts blank again unless typed into meanwhile. */
    'store adjustment': assign(({ context }, params: { wallet: CustomerWallet }) => ({
      wallet: params.wallet,
      adjusted: adjustmentRial({ ...(context.sent ?? context), currency: context.currency }),
      ...(context.sent === null || (context.sent.kind === context.kind && context.sent.amount === context.amount && context.sent.reason === context.reason)
        ? BLANK_FORM
        : { problems: EMPTY, refusal: null }),
      sent: null,
      // The list found shows the new balance too.
      customers: context.customers?.map((customer) => (customer.user_id === params.wallet.customer.user_id ? params.wallet.customer : customer)) ?? null,
    })),
    'store refusal': assign((_, params: { error: unknown }) => ({ refusal: asFailure(params.error), sent: null })),
  },
}).createMachine({
  id: 'customerWallet',
  context: ({ input }) => ({
    currency: input.currency,
    search: '',
    searchProblem: null,
    customers: null,
    searchFailure: null,
    userId: null,
    wallet: null,
    walletFailure: null,
    adjusted: null,
    sent: null,
    ...BLANK_FORM,
  }),
  type: 'parallel',
  states: {
    search: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'search.text': { actions: 'edit search' },
            'search.submit': [{ guard: 'search is short', actions: 'refuse search' }, { target: 'searching' }],
          },
        },
        searching: {
          on: { 'search.text': { actions: 'edit search' } },
          invoke: {
            src: 'find customers',
            input: ({ context }) => ({ search: normalizeDigits(context.search).trim() }),
            onDone: { target: 'idle', actions: { type: 'store customers', params: ({ event }) => ({ customers: event.output }) } },
            onError: { target: 'idle', actions: { type: 'store search failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    wallet: {
      initial: 'none',
      on: {
        'customer.open': { target: '.loading', actions: 'open customer' },
        'customer.close': { target: '.none', actions: 'close customer' },
      },
      states: {
        none: {},
        loading: {
          invoke: {
            src: 'load wallet',
            input: ({ context }) => ({ user_id: context.userId ?? 0 }),
            onDone: { target: 'shown', actions: { type: 'store wallet', params: ({ event }) => ({ wallet: event.output }) } },
            onError: { target: 'failed', actions: { type: 'store wallet failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { 'wallet.retry': 'loading' } },
        shown: {
          on: {
            'adjust.kind': { actions: 'edit kind' },
            'adjust.amount': { actions: 'edit amount' },
            'adjust.reason': { actions: 'edit reason' },
            'adjust.submit': [{ guard: 'adjustment is refused', actions: 'refuse adjustment' }, { guard: 'wallet is open', target: 'adjusting', actions: 'start adjustment' }],
          },
        },
        // The form is typed into while the adjustment is on its way.
        adjusting: {
          on: {
            'adjust.kind': { actions: 'edit kind' },
            'adjust.amount': { actions: 'edit amount' },
            'adjust.reason': { actions: 'edit reason' },
          },
          invoke: {
            src: 'adjust wallet',
            input: ({ context }) => ({ user_id: context.userId ?? 0, amount: adjustmentRial(context), reason: context.reason.trim() }),
            onDone: { target: 'shown', actions: { type: 'store adjustment', params: ({ event }) => ({ wallet: event.output }) } },
            onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type CustomerWalletSnapshot = SnapshotFrom<typeof customerWalletMachine>;
type Viewed = Pick<CustomerWalletSnapshot, 'matches'>;

export const isSearching = (snapshot: Viewed): boolean => snapshot.matches({ search: 'searching' });
export const isLoadingWallet = (snapshot: Viewed): boolean => snapshot.matches({ wallet: 'loading' });
export const isAdjusting = (snapshot: Viewed): boolean => snapshot.matches({ wallet: 'adjusting' });
