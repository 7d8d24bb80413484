import { eq, sql } from 'drizzle-orm';
import { OrderStatus } from '@contract/entities/order';
import type { Database } from '../../db/connection';
import { orders, payments } from '../../db/schema';
import { reopenCart } from '../checkout/cart-state';
import type { LiveHub } from '../live/hub';
import type { PaymentRow } from '../../db/schema';
import type { Repositories } from '../../repositories';
import type { PaymentGateway, PaymentGateways } from '../payments';
import { placePaidOrder } from '../payments/capture';
import { GatewayUnavailableError } from '../payments/unavailable';
import { tryRefund } from '../payments/refunds';
import { refundIfCaptured } from '../payments/voided-refund';
import { recordOrderChange } from '../orders/order-events';
import { PAYMENT_EXPIRE, PAYMENT_RECHECK, PAYMENT_REFUND, RECHECK_FIRST_MS, paymentRefundJob } from './payment-job-keys';
import { RetryLater, type JobKind, type JobRun } from './runner';

const RECHECK_ATTEMPTS = 4;

const idOf = (payload: Record<string, unknown>, field: string): number => {
  const value = payload[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new Error(`job payload has no ${field}`);
  return value;
};

interface PaymentJobDeps {
  payments: PaymentGateways;
  live: LiveHub;
}

/** The bank's verdict on an attempt, or null when there is no such bank here or it cannot be asked now. */
async function askBank(gateway: PaymentGateway | null, repos: Repositories, attempt: PaymentRow) {
  if (!gateway) return null;
  try {
    return await gateway.verify(repos, { token: attempt.token, amount: attempt.amount, gatewayRef: attempt.gatewayRef });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return null;
    throw error;
  }
}

/**
 * payment.expire: an order still awaiting this online attempt (status 2) when its wait ran out reopens as the
 * customer's own cancel of a waiting payment does (reopenCart: the attempt voided and asked about, the wallet part and
 * the code given back, status 1), with an order event (expire, by the system) and a live order_status to the customer.
 */
function expireKind({ payments: gateways, live }: PaymentJobDeps): JobKind {
  return {
    maxAttempts: 5,
    retryAfterMs: (attempt) => 60_000 * 2 ** (attempt - 1),
    async run(job, { tx, now, later, shopRepos }: JobRun) {
      const at = await shopRepos(idOf(job.payload, 'shop_id'));
      if (!at) return;
      const orderId = idOf(job.payload, 'order_id');
      const [found] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
      if (!found || found.userId === null) return;
      const { repos, shop } = at;
      const userId = found.userId;
      // Lock order (docs/server.md): the owner's lock, the order, its payment; then the wallet (reopenCart).
      await repos.carts.lockOwner({ userId });
      const order = await repos.checkout.order(userId, orderId, true);
      if (!order || order.status !== OrderStatus.awaitingLocationAndPayment) return;
      const attempt = await repos.checkout.livePayment(order.id);
      // Paid, voided, or replaced by a newer attempt (which has its own expiry) since this was scheduled: nothing to do.
      if (!attempt || attempt.id !== idOf(job.payload, 'payment_id')) return;
      // Reconciliation: the bank is asked first, so a customer who paid and never came back gets the order, once
      // (the attempt's lock; a second verify answers "already verified"). A bank that cannot be asked: the attempt is
      // voided and the recheck job asks later, refunding a capture it finds.
      const verdict = await askBank(gateways.find(attempt.gateway), repos, attempt);
      if (verdict?.outcome === 'paid') {
        const { notices } = await placePaidOrder(repos, shop, order, attempt, verdict.refId, now);
        later(() => live.announce(notices));
        return;
      }
      const reopened = await reopenCart({ repos, payments: gateways, clock: () => now }, order, verdict?.outcome === 'failed' ? 'failed' : 'canceled', false);
      const notices = await recordOrderChange(repos, shop, order, { action: 'expire', from: order.status, to: reopened.status, actor: 'system' });
      later(() => live.announce(notices));
    },
  };
}

/**
 * payment.recheck: asks the bank about an attempt that ended unpaid (voided, canceled, failed) and refunds it through
 * the bank when it captured it after all (refundIfCaptured: once, however many ask). Nothing captured yet: asked
 * again later, then given up (logged). Closes "a voided attempt paid at the bank by a customer who never returns to
 * get_sep is not refunded".
 */
function recheckKind({ payments: gateways }: PaymentJobDeps): JobKind {
  return {
    maxAttempts: RECHECK_ATTEMPTS,
    retryAfterMs: (attempt) => RECHECK_FIRST_MS * 3 ** attempt,
    async run(job, { tx, now, shopRepos }: JobRun) {
      const at = await shopRepos(idOf(job.payload, 'shop_id'));
      if (!at) return;
      const { repos } = at;
      const [found] = await tx.select({ userId: payments.userId, orderId: payments.orderId, token: payments.token }).from(payments).where(eq(payments.id, idOf(job.payload, 'payment_id')));
      if (!found) return;
      await repos.carts.lockOwner({ userId: found.userId });
      await repos.checkout.order(found.userId, found.orderId, true);
      const payment = await repos.checkout.paymentByToken(found.userId, found.token, true);
      if (!payment || payment.status === 'paid' || payment.refundedAt !== null) return;
      // Still 'requested': its own path (get_sep, the expiry) settles it first; asked again later.
      if (payment.status === 'requested') throw new RetryLater('the attempt is still awaited');
      // Captured after all: refunded through the bank (a payment_refunds row the owner sees until the bank accepts).
      const refunded = await refundIfCaptured({ repos, payments: gateways, clock: () => now }, payment);
      if (refunded === 0) throw new RetryLater('the bank reports no capture');
    },
  };
}

/**
 * payment.refund: asks the bank for a payment's pending refund (tryRefund). Refused or unreachable, the row keeps its
 * attempt and error and the next try is scheduled in the same transaction (backoff, never given up): the owner sees
 * "refund pending" until the bank accepts.
 */
function refundKind({ payments: gateways }: PaymentJobDeps): JobKind {
  return {
    maxAttempts: 5,
    retryAfterMs: (attempt) => 60_000 * 2 ** (attempt - 1),
    async run(job, { now, shopRepos }: JobRun) {
      const shopId = idOf(job.payload, 'shop_id');
      const at = await shopRepos(shopId);
      if (!at) return;
      const paymentId = idOf(job.payload, 'payment_id');
      const tried = await tryRefund(at.repos, gateways, paymentId, now);
      if (tried.outcome === 'refused') await at.repos.jobs.schedule(paymentRefundJob({ shopId, paymentId, attempts: tried.attempts }, now));
    },
  };
}

/** The payment jobs' kinds. */
export const paymentJobKinds = (deps: PaymentJobDeps): Record<string, JobKind> => ({
  [PAYMENT_EXPIRE]: expireKind(deps),
  [PAYMENT_RECHECK]: recheckKind(deps),
  [PAYMENT_REFUND]: refundKind(deps),
});

/**
 * Schedules a try for every pending refund that has no open job (one whose try raced another instance's, or whose job
 * ended on an error of ours): a refund is never left waiting for nothing.
 */
export async function sweepPendingRefunds(db: Database, now: Date): Promise<void> {
  await db.execute(sql`
    insert into jobs (kind, key, payload, run_at)
    select ${PAYMENT_REFUND}, ${`${PAYMENT_REFUND}:`} || r.payment_id || ':' || r.attempts, jsonb_build_object('shop_id', r.shop_id, 'payment_id', r.payment_id), ${now.toISOString()}::timestamptz
    from payment_refunds r
    where r.status = 'pending'
      and not exists (select 1 from jobs j where j.kind = ${PAYMENT_REFUND} and j.done_at is null and j.payload->>'payment_id' = r.payment_id::text)
    on conflict (key) where done_at is null do nothing`);
}

/**
 * Schedules the expiry of every attempt still awaited that has none (orders placed before expiries were scheduled,
 * or whose scheduling was lost): due at its start plus its shop's wait. An attempt whose expiry already ran is left
 * alone. Cheap: status 2 is read through the open carts' partial index.
 */
export async function sweepAwaitedPayments(db: Database): Promise<void> {
  await db.execute(sql`
    insert into jobs (kind, key, payload, run_at)
    select ${PAYMENT_EXPIRE}, ${`${PAYMENT_EXPIRE}:`} || p.id, jsonb_build_object('shop_id', p.shop_id, 'order_id', p.order_id, 'payment_id', p.id),
           p.created_at + make_interval(mins => s.payment_wait_minutes)
    from orders o
    join payments p on p.order_id = o.id and p.status = 'requested'
    join shops s on s.id = o.shop_id
    where o.status = ${OrderStatus.awaitingLocationAndPayment}
      and not exists (select 1 from jobs j where j.key = ${`${PAYMENT_EXPIRE}:`} || p.id)
    on conflict (key) where done_at is null do nothing`);
}

/** Done jobs are kept a week (what ran, and its last error), then deleted. */
export const DONE_JOBS_KEPT_MS = 7 * 24 * 3600_000;

export async function deleteOldJobs(db: Database, now: Date): Promise<void> {
  await db.execute(sql`delete from jobs where done_at < ${new Date(now.getTime() - DONE_JOBS_KEPT_MS).toISOString()}::timestamptz`);
}
