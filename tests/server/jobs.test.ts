import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jobs, orderEvents, orders, paymentRefunds, payments, walletTransactions } from '../../server/db/schema';
import { createJobsRepository } from '../../server/repositories/jobs-repository';
import { PAYMENT_EXPIRE, PAYMENT_RECHECK, RECHECK_FIRST_MS } from '../../server/services/jobs/payment-job-keys';
import { jobStores } from '../../server/plugins/services/jobs';
import { createJobRunner, JOB_LEASE_MS, RetryLater, type JobKind } from '../../server/services/jobs/runner';
import { chatClient } from './helpers/chat';
import { call, ledgerSum, OPEN_HOURS, readyCart } from './checkout-support/helpers';
import { checkoutTestFile } from './checkout-support/test-file';

/*
 * The jobs runner (services/jobs) and its payment kinds, on one app with a movable clock: the app's runner does not
 * poll in tests, so every job here runs when the test says so.
 */

const { t, clock, host, database, key } = checkoutTestFile('jobs');
const minutes = (n: number) => n * 60_000;
const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms));
const quiet = { info: () => undefined, warn: () => undefined };

/** A runner of test kinds over the test's database and clock. */
function testRunner(kinds: Record<string, JobKind>) {
  return createJobRunner({ db: t.db, stores: jobStores, clock: clock.now, kinds, log: quiet });
}

const jobsOf = (jobKey: string) => createJobsRepository(t.db).byKey(jobKey);

describe(`the jobs runner (${database})`, () => {
  it('Scenario: scheduling is idempotent by key while the job is open; it runs once when due and is marked done', async () => {
    clock.set(OPEN_HOURS);
    const ran: string[] = [];
    const runner = testRunner({ 'test.once': { maxAttempts: 3, retryAfterMs: () => 1_000, run: async (job) => void ran.push(job.key) } });
    const repository = createJobsRepository(t.db);
    const jobKey = `once-${Date.now()}`;
    expect(await repository.schedule({ kind: 'test.once', key: jobKey, runAt: new Date(clock.now().getTime() + 1_000) })).toBe(true);
    expect(await repository.schedule({ kind: 'test.once', key: jobKey, runAt: clock.now() })).toBe(false);
    expect(await runner.runDue()).toBe(0);
    later(1_000);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(ran).toEqual([jobKey]);
    const [row] = await jobsOf(jobKey);
    expect(row).toMatchObject({ attempts: 1, lastError: null });
    expect(row.doneAt).not.toBeNull();
  });

  it('Scenario: a job that throws is tried again after its backoff with its error kept, and ends after its last try', async () => {
    clock.set(OPEN_HOURS);
    let tries = 0;
    const runner = testRunner({
      'test.flaky': {
        maxAttempts: 3,
        retryAfterMs: (attempt) => 1_000 * attempt,
        run: async () => {
          tries += 1;
          throw tries === 3 ? new RetryLater('still nothing') : new Error(`boom ${tries}`);
        },
      },
    });
    const jobKey = `flaky-${Date.now()}`;
    await createJobsRepository(t.db).schedule({ kind: 'test.flaky', key: jobKey, runAt: clock.now() });
    expect(await runner.runDue()).toBe(1);
    expect((await jobsOf(jobKey))[0]).toMatchObject({ attempts: 1, lastError: 'boom 1', doneAt: null });
    expect(await runner.runDue()).toBe(0);
    later(1_000);
    expect(await runner.runDue()).toBe(1);
    expect((await jobsOf(jobKey))[0]).toMatchObject({ attempts: 2, lastError: 'boom 2', doneAt: null });
    later(2_000);
    expect(await runner.runDue()).toBe(1);
    const [ended] = await jobsOf(jobKey);
    expect(ended).toMatchObject({ attempts: 3, lastError: 'still nothing' });
    expect(ended.doneAt).not.toBeNull();
    later(60_000);
    expect(await runner.runDue()).toBe(0);
    expect(tries).toBe(3);
  });

  it('Scenario: a job claimed by an instance that died is claimed again once its lease ran out, and runs once', async () => {
    clock.set(OPEN_HOURS);
    const ran: number[] = [];
    const runner = testRunner({ 'test.lease': { maxAttempts: 3, retryAfterMs: () => 1_000, run: async (job) => void ran.push(job.attempts) } });
    const jobKey = `lease-${Date.now()}`;
    await createJobsRepository(t.db).schedule({ kind: 'test.lease', key: jobKey, runAt: clock.now() });
    // The dead instance: its claim committed, its work never did.
    expect((await createJobsRepository(t.db).claim(clock.now(), JOB_LEASE_MS, 10, ['test.lease'])).map((job) => job.key)).toEqual([jobKey]);
    expect(await runner.runDue()).toBe(0);
    later(JOB_LEASE_MS - 1);
    expect(await runner.runDue()).toBe(0);
    later(1);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual([2]);
    expect((await jobsOf(jobKey))[0].doneAt).not.toBeNull();
  });
});

/** An online order awaiting its payment: the cart, the attempt and the bank's page. */
async function awaitingPayment() {
  const cart = await readyCart(t);
  const placed = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: key() });
  expect(placed.data).toMatchObject({ status: 2 });
  const [attempt] = await t.db.select().from(payments).where(eq(payments.token, placed.data.sep_id!));
  return { ...cart, placed: placed.data, attempt };
}

const bank = (redirectUrl: string | null, decision: 'pay' | 'cancel') => t.app.inject({ method: 'POST', url: `${redirectUrl}/${decision}`, headers: { host } });
const refundsOf = (userId: number, orderId: number) =>
  t.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.orderId, orderId), eq(walletTransactions.operation, 'refund')));
/** The order's bank refunds (payment_refunds): amount, why, whether the bank accepted. */
const bankRefundsOf = async (orderId: number) =>
  (await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId))).map((row) => ({ amount: row.amount, reason: row.reason, status: row.status }));
const eventsOf = (orderId: number) => t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));

describe(`payment.expire and payment.recheck (${database})`, () => {
  it("Scenario: an online order unpaid past the shop's wait expires once: the attempt is voided, the cart reopens, an expire event by the system, the customer's poll hears it, a recheck is scheduled", async () => {
    clock.set(OPEN_HOURS);
    const { cookie, orderId, attempt, userId } = await awaitingPayment();
    const [expiry] = await jobsOf(`${PAYMENT_EXPIRE}:${attempt.id}`);
    expect(expiry.runAt.getTime()).toBe(OPEN_HOURS.getTime() + minutes(20));

    later(minutes(19));
    await t.app.jobs.runDue();
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe(2);

    const customer = chatClient(t.app, host, cookie);
    const { count } = await customer.call('longpull', { count: '0', wait: '0' });
    const poll = customer.call('longpull', { count: String(count) });
    await vi.waitFor(() => expect(t.app.live.stats().watches).toBe(1), { timeout: 4_000, interval: 5 });
    later(minutes(1));
    expect(await t.app.jobs.runDue()).toBe(1);
    const news = await poll;
    expect(news.events).toEqual([{ id: news.count, type: 'order_status', order_id: orderId, action: 'expire', status: 1, ready_at: null, ready_in: null, reason: '', delivery_method: expect.any(Number) }]);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.status).toBe(1);
    const [voided] = await t.db.select().from(payments).where(eq(payments.id, attempt.id));
    expect(voided.status).toBe('canceled');
    expect((await eventsOf(orderId)).map((event) => [event.action, event.fromStatus, event.toStatus, event.actor])).toEqual([['expire', 2, 1, 'system']]);
    const [recheck] = await jobsOf(`${PAYMENT_RECHECK}:${attempt.id}`);
    expect(recheck.runAt.getTime()).toBe(clock.now().getTime() + RECHECK_FIRST_MS);
    const cart = await call(t, host, cookie, 'get_cart');
    expect(cart.data.order?.id).toBe(orderId);

    expect(await t.app.jobs.runDue()).toBe(0);
    expect(await eventsOf(orderId)).toHaveLength(1);
    expect(await ledgerSum(t.db, userId)).toBe(0);
  });

  it('Scenario: the bank captures the expired attempt later and the customer never returns: the recheck refunds it at the bank once', async () => {
    clock.set(OPEN_HOURS);
    const { orderId, attempt, placed, userId } = await awaitingPayment();
    later(minutes(20));
    await t.app.jobs.runDue();
    // The bank page was still open: the customer pays the voided attempt and closes the tab.
    expect((await bank(placed.redirect_url, 'pay')).statusCode).toBe(303);
    expect(await bankRefundsOf(orderId)).toHaveLength(0);

    later(RECHECK_FIRST_MS);
    await t.app.jobs.runDue();
    expect(await bankRefundsOf(orderId)).toEqual([{ amount: placed.payable, reason: 'voided_paid', status: 'done' }]);
    expect(await refundsOf(userId, orderId)).toEqual([]);
    const [recheck] = await jobsOf(`${PAYMENT_RECHECK}:${attempt.id}`);
    expect(recheck.doneAt).not.toBeNull();

    // A late get_sep, and the recheck scheduled again, refund nothing more.
    await createJobsRepository(t.db).schedule({ kind: PAYMENT_RECHECK, key: `${PAYMENT_RECHECK}:${attempt.id}`, runAt: clock.now(), payload: recheck.payload });
    await t.app.jobs.runDue();
    expect(await bankRefundsOf(orderId)).toEqual([{ amount: placed.payable, reason: 'voided_paid', status: 'done' }]);
    expect(await ledgerSum(t.db, userId)).toBe(0);
  });

  it('Scenario: a voided attempt the bank never captures is asked about a few times, then given up', async () => {
    clock.set(OPEN_HOURS);
    const { attempt, userId } = await awaitingPayment();
    later(minutes(20));
    await t.app.jobs.runDue();
    for (let round = 1; round <= 4; round += 1) {
      later(24 * 3600_000);
      await t.app.jobs.runDue();
      expect((await jobsOf(`${PAYMENT_RECHECK}:${attempt.id}`))[0]).toMatchObject({ attempts: round, lastError: 'the bank reports no capture' });
    }
    const [recheck] = await jobsOf(`${PAYMENT_RECHECK}:${attempt.id}`);
    expect(recheck.doneAt).not.toBeNull();
    later(24 * 3600_000);
    await t.app.jobs.runDue();
    expect((await jobsOf(`${PAYMENT_RECHECK}:${attempt.id}`))[0].attempts).toBe(4);
    expect(await ledgerSum(t.db, userId)).toBe(0);
  });

  it('Scenario: the sweep schedules the expiry of an order awaiting payment from before expiries were scheduled, due at its start plus the wait', async () => {
    clock.set(OPEN_HOURS);
    const { orderId, attempt } = await awaitingPayment();
    await t.db.delete(jobs).where(eq(jobs.key, `${PAYMENT_EXPIRE}:${attempt.id}`));
    await t.app.jobs.sweep();
    const [expiry] = await jobsOf(`${PAYMENT_EXPIRE}:${attempt.id}`);
    expect(Math.abs(expiry.runAt.getTime() - (attempt.createdAt.getTime() + minutes(20)))).toBeLessThanOrEqual(1);
    await t.app.jobs.sweep();
    expect(await jobsOf(`${PAYMENT_EXPIRE}:${attempt.id}`)).toHaveLength(1);
    // PostgreSQL keeps microseconds, a Date milliseconds: a millisecond past the read run_at is past the stored one.
    clock.set(new Date(expiry.runAt.getTime() + 1));
    await t.app.jobs.runDue();
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe(1);
    // Its expiry ran: the sweep leaves it be.
    await t.app.jobs.sweep();
    expect((await jobsOf(`${PAYMENT_EXPIRE}:${attempt.id}`)).length).toBe(1);
  });
});
