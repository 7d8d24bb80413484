import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../server/db/schema';
import { call } from './checkout-support/helpers';
import { consoleAt, insertedOrder, moveTo, pendingOrder, rowsOfOrder, staffMember } from './checkout-support/counter';
import { checkoutTestFile } from './checkout-support/test-file';

/*
 * Spec §4's "paid or not paid": a cash, card-reader or money-transfer order becomes paid when the shop records the
 * payment (console code order_record_payment), only in the statuses contract/rules/order-payment.ts allows, by staff
 * only, once. Completing an order records nothing (docs/orders.md). The table is written out here, apart from the rule's.
 */

const { t, host, database, key } = checkoutTestFile('paid');

const RECORDABLE_STATUSES = [3, 4, 5, 6];

let owner: Awaited<ReturnType<typeof staffMember>>;
let member: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  owner = await staffMember(t, 'kebab', 'owner');
  member = await staffMember(t, 'kebab', 'staff');
});

/** An unpaid order of `payment` moved to `status` by the owner. */
async function orderIn(payment: string, status: number) {
  const order = await insertedOrder(t, 'kebab');
  await t.db.update(orders).set({ payment }).where(eq(orders.id, order.orderId));
  await moveTo(owner.api, order.orderId, status);
  return order;
}

describe(`recording a payment at the counter (${database})`, () => {
  for (const payment of ['cash', 'card_reader', 'money_transfer']) {
    it(`Scenario: a ${payment} order is recorded paid in statuses 3–6, once, with one audit line; canceled it is refused`, async () => {
      for (const status of [3, 4, 5, 6, 7]) {
        const order = await orderIn(payment, status);
        const before = await rowsOfOrder(t, order.orderId, order.userId);
        expect(before.order.paid).toBe(0);
        const who = status % 2 === 0 ? owner : member;
        const answer = await who.api.post({ code: 'order_record_payment', order_id: order.orderId });
        const after = await rowsOfOrder(t, order.orderId, order.userId);
        if (!RECORDABLE_STATUSES.includes(status)) {
          expect(answer.statusCode, `status ${status}`).toBe(409);
          expect(answer.body.result).toBe('payment_record_refused');
          expect(after).toEqual(before);
          continue;
        }
        expect(answer.statusCode, `status ${status}`).toBe(200);
        expect((answer.body.data as { order: { paid: boolean; status: number } }).order).toMatchObject({ paid: true, status });
        expect(after.order.paid).toBe(1);
        expect(after.order.status).toBe(status);
        expect(after.audit.slice(before.audit.length)).toEqual([expect.objectContaining({ action: 'order.record_payment', staffId: who.id })]);
        // The customer's invoice says paid.
        const invoice = await call(t, host, order.cookie, 'get_order_by_id', { id: order.orderId });
        expect(invoice.data.paid).toBe(true);
        // Twice (a double tap, two staff members) records it once.
        const again = await owner.api.post({ code: 'order_record_payment', order_id: order.orderId });
        expect(again.statusCode).toBe(409);
        expect(await rowsOfOrder(t, order.orderId, order.userId)).toEqual(after);
      }
    });
  }

  it('Scenario: an online or wallet order is never recorded by the shop; the refusal is in the language asked', async () => {
    for (const payment of ['online', 'wallet']) {
      const order = await orderIn(payment, 3);
      const before = await rowsOfOrder(t, order.orderId, order.userId);
      const fa = await owner.api.post({ code: 'order_record_payment', order_id: order.orderId }, 'fa');
      expect(fa.statusCode).toBe(409);
      expect(fa.body.message).toBe('پرداخت این سفارش قابل ثبت نیست: فقط سفارش نقدی، کارتخوان یا کارت‌به‌کارتی که هنوز پرداخت نشده و لغو نشده است.');
      const en = await member.api.post({ code: 'order_record_payment', order_id: order.orderId }, 'en');
      expect(en.body.message).toBe("This order's payment cannot be recorded: only an unpaid, not canceled cash, card-reader or money-transfer order.");
      expect(await rowsOfOrder(t, order.orderId, order.userId)).toEqual(before);
    }
  });

  it('Scenario: completing a cash order placed through checkout leaves it unpaid until the payment is recorded', async () => {
    const order = await pendingOrder(t, key);
    await moveTo(owner.api, order.orderId, 6);
    expect((await rowsOfOrder(t, order.orderId, order.userId)).order).toMatchObject({ status: 6, paid: 0 });
    expect((await owner.api.call('orders_board', { status: 6, paid: 0, search: order.trackingCode })).orders.map((row) => row.id)).toEqual([order.orderId]);
    await owner.api.call('order_record_payment', { order_id: order.orderId });
    expect((await owner.api.call('orders_board', { status: 6, paid: 1, search: order.trackingCode })).orders.map((row) => row.id)).toEqual([order.orderId]);
  });

  it("Scenario: nobody without a staff session records a payment, nor at another shop's console", async () => {
    const order = await orderIn('cash', 3);
    const before = await rowsOfOrder(t, order.orderId, order.userId);
    expect((await consoleAt(t, host, null).post({ code: 'order_record_payment', order_id: order.orderId })).statusCode).toBe(401);
    const grocer = await staffMember(t, 'grocery', 'owner');
    expect((await grocer.api.post({ code: 'order_record_payment', order_id: order.orderId })).statusCode).toBe(404);
    expect(await rowsOfOrder(t, order.orderId, order.userId)).toEqual(before);
  });
});
