import { randomBytes, randomInt } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/*
 * A local double of Zarinpal's payment API v4 (the paths and payloads of docs.zarinpal.com/paymentGateway), for tests
 * only: nothing under server/ imports it. It keeps its transactions in memory, serves a tiny StartPay page with Pay
 * and Cancel, and can be told to fail: never answer a path (a timeout), refuse the next refunds.
 */

type State = 'pending' | 'paid' | 'canceled' | 'verified' | 'reversed' | 'refunded';

export interface DoubleTransaction {
  authority: string;
  merchantId: string;
  amount: number;
  callbackUrl: string;
  state: State;
  refId: number | null;
  refundRef: string | null;
}

export interface ZarinpalDouble {
  url: string;
  transactions: Map<string, DoubleTransaction>;
  /** every API call, in order: its path and body */
  calls: { path: string; body: Record<string, unknown> }[];
  /** paths (e.g. '/pg/v4/payment/verify.json') that never answer */
  hang: Set<string>;
  /** how many refund calls are refused before one is accepted */
  refuseRefunds: number;
  /** the customer pays (or cancels) at StartPay without a browser */
  decide: (authority: string, decision: 'paid' | 'canceled') => void;
  close: () => Promise<void>;
}

const ok = (data: Record<string, unknown>) => ({ data: { code: 100, ...data }, errors: [] });
const refused = (code: number, message: string) => ({ data: [], errors: { code, message, validations: [] } });

function startPayPage(tx: DoubleTransaction): string {
  const form = (what: string, label: string) => `<form method="post" action="/pg/StartPay/${tx.authority}/${what}"><button type="submit">${label}</button></form>`;
  return `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><title>Zarinpal double</title></head><body>
<h1>زرین‌پال (آزمایشی)</h1><p data-testid="amount">${tx.amount} IRR</p>${form('pay', 'پرداخت / Pay')}${form('cancel', 'انصراف / Cancel')}</body></html>`;
}

/** Starts the double on 127.0.0.1:`port` (0: any free port). */
export async function startZarinpalDouble(port = 0): Promise<ZarinpalDouble> {
  const app: FastifyInstance = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const transactions = new Map<string, DoubleTransaction>();
  const state: Pick<ZarinpalDouble, 'calls' | 'hang' | 'refuseRefunds'> = { calls: [], hang: new Set(), refuseRefunds: 0 };
  const api = (path: string, answer: (body: Record<string, unknown>) => unknown) =>
    app.post(path, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      state.calls.push({ path, body });
      // A bank that never answers: the caller's timeout ends the wait.
      if (state.hang.has(path)) return new Promise(() => undefined);
      return reply.send(answer(body));
    });
  const owned = (body: Record<string, unknown>) => {
    const tx = transactions.get(String(body.authority ?? ''));
    return tx && tx.merchantId === body.merchant_id ? tx : null;
  };

  api('/pg/v4/payment/request.json', (body) => {
    const amount = Number(body.amount);
    if (typeof body.merchant_id !== 'string' || body.merchant_id.length === 0) return refused(-9, 'The input params invalid, validation error.');
    if (!Number.isInteger(amount) || amount < 1000) return refused(-9, 'The input params invalid, validation error.');
    if (typeof body.callback_url !== 'string' || !/^https?:\/\//.test(body.callback_url)) return refused(-9, 'The input params invalid, validation error.');
    const authority = `A${randomBytes(18).toString('hex').slice(0, 35)}`;
    transactions.set(authority, { authority, merchantId: body.merchant_id, amount, callbackUrl: body.callback_url, state: 'pending', refId: null, refundRef: null });
    return ok({ message: 'Success', authority, fee_type: 'Merchant', fee: 0 });
  });
  api('/pg/v4/payment/verify.json', (body) => {
    const tx = owned(body);
    if (!tx) return refused(-54, 'Invalid authority.');
    if (tx.state === 'verified' || tx.state === 'refunded') return { data: { code: 101, message: 'Verified', ref_id: tx.refId, card_pan: '502229******5995' }, errors: [] };
    if (tx.state !== 'paid') return refused(-51, 'Session is not valid, session is not active paid try.');
    if (Number(body.amount) !== tx.amount) return refused(-50, 'Session is not valid, amounts values is not the same.');
    tx.state = 'verified';
    tx.refId = randomInt(100_000, 1_000_000_000);
    return ok({ message: 'Paid', ref_id: tx.refId, card_pan: '502229******5995', card_hash: 'double', fee_type: 'Merchant', fee: 0 });
  });
  api('/pg/v4/payment/unVerified.json', (body) =>
    ok({
      message: 'Success',
      authorities: [...transactions.values()].filter((tx) => tx.merchantId === body.merchant_id && tx.state === 'paid').map((tx) => ({ authority: tx.authority, amount: tx.amount, callback_url: tx.callbackUrl, referer: '', date: '' })),
    }),
  );
  api('/pg/v4/payment/reverse.json', (body) => {
    const tx = owned(body);
    if (!tx || tx.state !== 'paid') return refused(-63, 'Maximum time for reverse this session is expired.');
    tx.state = 'reversed';
    return ok({ message: 'Reversed' });
  });
  api('/pg/v4/payment/refund.json', (body) => {
    const tx = owned(body);
    if (!tx || (tx.state !== 'verified' && tx.state !== 'refunded')) return refused(-54, 'Invalid authority.');
    if (tx.state === 'refunded') return ok({ message: 'Refunded', ref_id: tx.refundRef });
    if (state.refuseRefunds > 0) {
      state.refuseRefunds -= 1;
      return refused(-80, 'The merchant does not have access to refund.');
    }
    tx.state = 'refunded';
    tx.refundRef = `R${randomInt(100_000, 1_000_000)}`;
    return ok({ message: 'Refunded', ref_id: tx.refundRef });
  });

  const decide = (authority: string, decision: 'paid' | 'canceled') => {
    const tx = transactions.get(authority);
    if (tx && tx.state === 'pending') tx.state = decision;
  };
  app.get<{ Params: { authority: string } }>('/pg/StartPay/:authority', async (request, reply) => {
    const tx = transactions.get(request.params.authority);
    if (!tx) return reply.code(404).send('not found');
    return reply.type('text/html; charset=utf-8').send(startPayPage(tx));
  });
  for (const [what, decision] of [
    ['pay', 'paid'],
    ['cancel', 'canceled'],
  ] as const) {
    app.post<{ Params: { authority: string } }>(`/pg/StartPay/:authority/${what}`, async (request, reply) => {
      const tx = transactions.get(request.params.authority);
      if (!tx) return reply.code(404).send('not found');
      decide(tx.authority, decision);
      const back = new URL(tx.callbackUrl);
      back.searchParams.set('Authority', tx.authority);
      back.searchParams.set('Status', tx.state === 'canceled' ? 'NOK' : 'OK');
      return reply.redirect(back.toString(), 303);
    });
  }

  const url = await app.listen({ host: '127.0.0.1', port });
  return {
    url,
    transactions,
    get calls() {
      return state.calls;
    },
    hang: state.hang,
    get refuseRefunds() {
      return state.refuseRefunds;
    },
    set refuseRefunds(value: number) {
      state.refuseRefunds = value;
    },
    decide,
    close: async () => {
      // A hung request would keep close() waiting.
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
