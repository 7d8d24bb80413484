import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { WALLET_CHARGE_RETURN_PATH } from '@contract/rules/wallet-charge';
import { walletCharges, walletTransactions } from '../../server/db/schema';
import { call, ledgerSum } from './checkout-support/helpers';
import { checkoutTestFile } from './checkout-support/test-file';

/*
 * Spec §4's wallet operation "charge": a customer tops up their own wallet through the online gateway (the sandbox
 * bank here, as outside production). The bank's verify alone says it was paid; paid writes one successful charge row,
 * canceled or failed one charge row with status fail; asked again or twice at once, nothing more.
 */

const { t, host, database } = checkoutTestFile('charge');

const chargeRows = (userId: number) => t.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.operation, 'charge')));

/** The sandbox bank's decision, as the customer's click on Pay or Cancel sends it: answers where the bank sends them back. */
async function decide(token: string, decision: 'pay' | 'cancel') {
  const response = await t.app.inject({ method: 'POST', url: `/sandbox-gateway/pay/${token}/${decision}`, headers: { host } });
  expect(response.statusCode).toBe(303);
  return String(response.headers.location);
}

describe(`topping up the wallet through the gateway (${database})`, () => {
  it('Scenario: paid at the bank, the wallet grows by the amount once, however often the return is verified', async () => {
    const { userId, cookie } = await t.signIn('kebab');
    const started = await call(t, host, cookie, 'wallet_charge', { amount: 2_000_000 });
    expect(started.status).toBe(200);
    expect(started.data.redirect_url).toBe(`/sandbox-gateway/pay/${started.data.sep_id}`);
    const back = await decide(started.data.sep_id, 'pay');
    expect(back).toBe(`${WALLET_CHARGE_RETURN_PATH}?sep_id=${started.data.sep_id}&state=OK`);

    const verified = await call(t, host, cookie, 'wallet_charge_verify', { sep_id: started.data.sep_id });
    expect(verified.data).toMatchObject({ outcome: 'paid', amount: 2_000_000, balance: 2_000_000 });
    expect(verified.data.message).toBe('کیف پول شما ۲۰۰٬۰۰۰ تومان شارژ شد.');
    // A second callback, a reload, two tabs at once: still one row.
    const again = await Promise.all([1, 2, 3].map(() => call(t, host, cookie, 'wallet_charge_verify', { sep_id: started.data.sep_id })));
    for (const reply of again) expect(reply.data).toMatchObject({ outcome: 'paid', balance: 2_000_000 });
    expect(await chargeRows(userId)).toEqual([expect.objectContaining({ amount: 2_000_000, status: 'success' })]);
    expect(await ledgerSum(t.db, userId)).toBe(2_000_000);
    const wallet = await call(t, host, cookie, 'get_wallet');
    expect(wallet.data.balance).toBe(2_000_000);
    expect(wallet.data.transactions).toEqual([expect.objectContaining({ operation: 'charge', amount: 2_000_000, status: 'success' })]);
  });

  it('Scenario: two verifies racing on a fresh return pay once', async () => {
    const { userId, cookie } = await t.signIn('kebab');
    const started = await call(t, host, cookie, 'wallet_charge', { amount: 500_000 });
    await decide(started.data.sep_id, 'pay');
    const replies = await Promise.all([1, 2].map(() => call(t, host, cookie, 'wallet_charge_verify', { sep_id: started.data.sep_id })));
    expect(replies.map((reply) => reply.data.outcome)).toEqual(['paid', 'paid']);
    expect(await chargeRows(userId)).toHaveLength(1);
    expect(await ledgerSum(t.db, userId)).toBe(500_000);
  });

  it('Scenario: canceled at the bank writes the "fail" result once and the balance stays', async () => {
    const { userId, cookie } = await t.signIn('kebab');
    const started = await call(t, host, cookie, 'wallet_charge', { amount: 1_000_000 });
    // Before the customer decides, the bank has nothing to say: nothing is written.
    expect((await call(t, host, cookie, 'wallet_charge_verify', { sep_id: started.data.sep_id })).data.outcome).toBe('waiting');
    expect(await chargeRows(userId)).toEqual([]);
    await decide(started.data.sep_id, 'cancel');
    const verified = await call(t, host, cookie, 'wallet_charge_verify', { sep_id: started.data.sep_id }, );
    expect(verified.data).toMatchObject({ outcome: 'canceled', balance: 0 });
    await call(t, host, cookie, 'wallet_charge_verify', { sep_id: started.data.sep_id });
    expect(await chargeRows(userId)).toEqual([expect.objectContaining({ amount: 1_000_000, status: 'fail' })]);
    expect(await ledgerSum(t.db, userId)).toBe(0);
    const [attempt] = await t.db.select().from(walletCharges).where(eq(walletCharges.token, started.data.sep_id));
    expect(attempt.status).toBe('canceled');
  });

  it('Scenario: an amount outside the limits or not whole toman is refused in the language asked, nothing written', async () => {
    const { userId, cookie } = await t.signIn('kebab');
    for (const amount of [0, 99_990, 500_000_010, 1_000_005]) {
      const refused = await call(t, host, cookie, 'wallet_charge', { amount });
      expect(refused.status, String(amount)).toBe(400);
      expect(refused.result).toBe('wallet_charge_amount');
      expect(refused.message).toBe('مبلغ شارژ باید بین ۱۰٬۰۰۰ تومان و ۵۰٬۰۰۰٬۰۰۰ تومان باشد.');
    }
    const english = await t.call(host, { code: 'wallet_charge', amount: '5' }, { headers: { cookie, 'accept-language': 'en' } });
    expect(english.json().message).toBe('The top-up must be between 10,000 toman and 50,000,000 toman.');
    expect(await t.db.select().from(walletCharges).where(eq(walletCharges.userId, userId))).toEqual([]);
  });

  it("Scenario: another customer's or an unknown sep_id is 404 and changes nothing; a visitor must log in", async () => {
    const owner = await t.signIn('kebab');
    const other = await t.signIn('kebab');
    const started = await call(t, host, owner.cookie, 'wallet_charge', { amount: 500_000 });
    await decide(started.data.sep_id, 'pay');
    expect((await call(t, host, other.cookie, 'wallet_charge_verify', { sep_id: started.data.sep_id })).status).toBe(404);
    expect((await call(t, host, other.cookie, 'wallet_charge_verify', { sep_id: 'nothing-like-it' })).status).toBe(404);
    expect((await call(t, host, null, 'wallet_charge', { amount: 500_000 })).status).toBe(401);
    expect(await ledgerSum(t.db, other.userId)).toBe(0);
    expect(await ledgerSum(t.db, owner.userId)).toBe(0);
  });
});
