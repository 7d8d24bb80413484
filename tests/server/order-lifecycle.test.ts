import { beforeAll, describe, expect, it } from 'vitest';
import { DeliveryMethod } from '@contract/enums';
import { ORDER_ACTIONS, type OrderAction } from '@contract/rules/order-lifecycle';
import { call } from './checkout-support/helpers';
import { consoleAt, insertedOrder, moveTo, pendingOrder, rowsOfOrder, staffMember } from './checkout-support/counter';
import { checkoutTestFile } from './checkout-support/test-file';

/*
 * Issue 30: every placed status × every action × every role (owner, staff, the order's customer through
 * update_status_order, anonymous). What the table below allows changes the order and writes one history row;
 * everything else answers 4xx and writes nothing. The table is written out here, apart from the contract's.
 */

const { t, host, database, key } = checkoutTestFile('lifecycle');

type Role = 'owner' | 'staff' | 'customer' | 'anonymous';
const ROLES: Role[] = ['owner', 'staff', 'customer', 'anonymous'];
const STATUSES = [3, 4, 5, 6, 7];

/** What each role may do from each status, and where it leads. */
const ALLOWED: Record<Role, Partial<Record<number, Partial<Record<OrderAction, number>>>>> = {
  owner: { 3: { confirm: 4, cancel: 7 }, 4: { send: 5, cancel: 7 }, 5: { complete: 6, cancel: 7 } },
  staff: { 3: { confirm: 4, cancel: 7 }, 4: { send: 5, cancel: 7 } , 5: { complete: 6 } },
  customer: { 3: { cancel: 7 } },
  anonymous: {},
};
/** The status a customer's update_status_order would ask for each action. */
const TARGET: Record<OrderAction, number> = { confirm: 4, send: 5, complete: 6, cancel: 7 };

let owner: Awaited<ReturnType<typeof staffMember>>;
let member: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  owner = await staffMember(t, 'kebab', 'owner');
  member = await staffMember(t, 'kebab', 'staff');
});

/** Asks for `action` on the order as `role`: staff through order_change (with what any action needs), the customer through update_status_order. */
async function ask(role: Role, order: { orderId: number; cookie: string }, action: OrderAction) {
  const fields = { code: 'order_change', order_id: order.orderId, action, ready_in: 25, reason: 'out of saffron' };
  if (role === 'owner') return (await owner.api.post(fields)).statusCode;
  if (role === 'staff') return (await member.api.post(fields)).statusCode;
  if (role === 'anonymous') {
    const viaConsole = (await consoleAt(t, host, null).post(fields)).statusCode;
    const viaShop = (await call(t, host, null, 'update_status_order', { order_id: order.orderId, status: TARGET[action] })).status;
    expect(viaShop).toBe(401);
    return viaConsole;
  }
  return (await call(t, host, order.cookie, 'update_status_order', { order_id: order.orderId, status: TARGET[action] })).status;
}

describe(`the order lifecycle, every status × action × role (${database})`, () => {
  for (const status of STATUSES) {
    it(`Scenario: an order in status ${status}: what each role may do changes it with one history row; the rest is 4xx and writes nothing`, async () => {
      // One order stays in `status` for every refusal; each allowed change gets a fresh one.
      const kept = await pendingOrder(t, key);
      await moveTo(owner.api, kept.orderId, status);
      for (const role of ROLES) {
        for (const action of ORDER_ACTIONS) {
          const to = ALLOWED[role][status]?.[action];
          const order = to === undefined ? kept : await pendingOrder(t, key);
          if (order !== kept) await moveTo(owner.api, order.orderId, status);
          const before = await rowsOfOrder(t, order.orderId, order.userId);
          const answered = await ask(role, order, action);
          const after = await rowsOfOrder(t, order.orderId, order.userId);
          const label = `${role} ${action} from ${status}`;
          if (to === undefined) {
            expect(answered, label).toBeGreaterThanOrEqual(400);
            expect(answered, label).toBeLessThan(500);
            expect(after, label).toEqual(before);
            continue;
          }
          expect(answered, label).toBe(200);
          expect(after.order.status, label).toBe(to);
          expect(after.events.slice(before.events.length), label).toEqual([
            expect.objectContaining({ action, fromStatus: status, toStatus: to, actor: role, staffId: role === 'customer' ? null : expect.any(Number) }),
          ]);
          expect(after.audit.length - before.audit.length, label).toBe(role === 'customer' ? 0 : 1);
        }
      }
    });
  }

  it('Scenario: a confirm without minutes and a cancel without a reason are refused in the language asked, nothing written', async () => {
    const order = await pendingOrder(t, key);
    const before = await rowsOfOrder(t, order.orderId, order.userId);
    const noMinutes = await owner.api.post({ code: 'order_change', order_id: order.orderId, action: 'confirm' }, 'fa');
    expect(noMinutes.statusCode).toBe(400);
    expect(noMinutes.body.message).toBe('زمان آماده شدن سفارش را به دقیقه وارد کنید (۱ تا ۱۴۴۰).');
    const noReason = await member.api.post({ code: 'order_change', order_id: order.orderId, action: 'cancel', reason: '   ' }, 'en');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body.message).toBe('Write the reason for canceling.');
    const refused = await member.api.post({ code: 'order_change', order_id: order.orderId, action: 'send' }, 'fa');
    expect(refused.body).toMatchObject({ result: 'status_change_refused', message: 'وضعیت این سفارش قابل تغییر نیست.' });
    expect(await rowsOfOrder(t, order.orderId, order.userId)).toEqual(before);
  });

  it("Scenario: another shop's order is 404 at this console, for detail and change alike", async () => {
    const burger = await insertedOrder(t, 'grocery');
    const detail = await owner.api.post({ code: 'order_detail', order_id: burger.orderId });
    expect(detail).toMatchObject({ statusCode: 404, body: { result: 'not_found', message: 'This order was not found at this shop.' } });
    const change = await owner.api.post({ code: 'order_change', order_id: burger.orderId, action: 'confirm', ready_in: 10 });
    expect(change.statusCode).toBe(404);
    expect((await owner.api.call('orders_board', { search: burger.trackingCode })).orders).toEqual([]);
  });

  it('Scenario: the board filters by Tehran day, status, paid, delivery method and a phone (Persian digits too)', async () => {
    // 23:59 and 00:01 in Tehran (UTC+3:30): two days apart on the board.
    const late = await insertedOrder(t, 'kebab', { placedAt: new Date('2025-05-20T20:29:00Z'), deliveryMethod: DeliveryMethod.courier, paid: 1 });
    const early = await insertedOrder(t, 'kebab', { placedAt: new Date('2025-05-20T20:31:00Z'), deliveryMethod: DeliveryMethod.pickup });
    const days = { from: '2025-05-20', to: '2025-05-21' };
    const ids = async (fields: Record<string, string | number>) => (await owner.api.call('orders_board', { length: 100, ...fields })).orders.map((entry) => entry.id);
    expect(await ids(days)).toEqual([early.orderId, late.orderId]);
    expect(await ids({ from: '2025-05-20', to: '2025-05-20' })).toEqual([late.orderId]);
    expect(await ids({ from: '2025-05-21', to: '2025-05-21' })).toEqual([early.orderId]);
    expect(await ids({ ...days, paid: 1 })).toEqual([late.orderId]);
    expect(await ids({ ...days, delivery_method: DeliveryMethod.pickup })).toEqual([early.orderId]);
    expect(await ids({ search: late.mobile.slice(-7).replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)]) })).toEqual([late.orderId]);
    expect(await ids({ search: early.trackingCode })).toEqual([early.orderId]);
    await owner.api.call('order_change', { order_id: early.orderId, action: 'confirm', ready_in: 5 });
    await owner.api.call('order_change', { order_id: late.orderId, action: 'cancel', reason: 'test' });
    expect(await ids(days)).toEqual([early.orderId]);
    expect(await ids({ ...days, status: 4 })).toEqual([early.orderId]);
    expect(await ids({ ...days, status: 7 })).toEqual([late.orderId]);
    const paged = await owner.api.call('orders_board', { ...days, status: 4, length: 1 });
    expect([paged.num_results, paged.next_offset]).toEqual([1, null]);
  });

  it('Scenario: a day that does not exist is bad input in the language asked, never a 5xx', async () => {
    for (const [fields, language] of [[{ from: '2025-02-30' }, 'en'], [{ to: '2025-13-01' }, 'fa'], [{ from: '0000-00-00' }, 'en']] as const) {
      const answer = await owner.api.post({ code: 'orders_board', ...fields }, language);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.body.result).toBe('invalid_input');
      expect(answer.body.message).toBe(language === 'en' ? `The field "${Object.keys(fields)[0]}" is invalid (a day, YYYY-MM-DD).` : `مقدار فیلد «${Object.keys(fields)[0]}» نامعتبر است (یک روز، YYYY-MM-DD).`);
    }
  });

  it("Scenario: a master's console lists its branches' orders (named by branch, filtered by branch); a branch's console only its own", async () => {
    const atBranch = await insertedOrder(t, 'chain-tehran');
    const other = await insertedOrder(t, 'chain-isfahan');
    const master = await staffMember(t, 'chain', 'owner');
    const board = await master.api.call('orders_board', { length: 100 });
    const listed = board.orders.filter((entry) => entry.id === atBranch.orderId || entry.id === other.orderId);
    expect(listed.map((entry) => [entry.id, entry.branch.id])).toEqual([
      [other.orderId, other.shop.id],
      [atBranch.orderId, atBranch.shop.id],
    ]);
    expect(board.unaccepted_count).toBeGreaterThanOrEqual(2);
    expect((await master.api.call('orders_board', { branch_id: atBranch.shop.id })).orders.map((entry) => entry.id)).toEqual([atBranch.orderId]);
    // The master confirms a branch's order; the branch's own console sees it, not the other branch's.
    await master.api.call('order_change', { order_id: atBranch.orderId, action: 'confirm', ready_in: 15 });
    const branchStaff = await staffMember(t, 'chain-tehran', 'staff');
    const own = await branchStaff.api.call('orders_board', { status: 4, length: 100 });
    expect(own.orders.map((entry) => entry.id)).toContain(atBranch.orderId);
    expect(own.orders.every((entry) => entry.branch.id === atBranch.shop.id)).toBe(true);
    expect((await branchStaff.api.post({ code: 'order_detail', order_id: other.orderId })).statusCode).toBe(404);
  });

  it("Scenario: a confirm sets ready_at from its minutes; the customer's order shows it and the history by store; the board lists it and counts what waits", async () => {
    const order = await pendingOrder(t, key);
    const board = await owner.api.call('orders_board', { search: order.trackingCode });
    expect(board.orders.map((entry) => [entry.id, entry.status, entry.opened])).toEqual([[order.orderId, 3, false]]);
    expect(board.unopened_count).toBeGreaterThanOrEqual(1);
    const opened = await member.api.call('order_detail', { order_id: order.orderId });
    expect(opened.order.opened).toBe(true);
    expect((await owner.api.call('orders_board', {})).unopened_count).toBe(board.unopened_count - 1);
    const detail = await member.api.call('order_change', { order_id: order.orderId, action: 'confirm', ready_in: 25 });
    expect(detail.order.status).toBe(4);
    const readyAt = Date.parse(detail.order.ready_at!);
    expect(readyAt - Date.parse(detail.order.status_changed_at)).toBe(25 * 60_000);
    expect(detail.events.map((event) => [event.action, event.actor, event.staff_name, event.ready_in])).toEqual([
      ['place', 'customer', '', null],
      ['confirm', 'staff', member.name, 25],
    ]);
    const factor = await call(t, host, order.cookie, 'get_order_by_id', { id: order.orderId });
    expect(factor.data.ready_at).toBe(detail.order.ready_at);
    expect(factor.data.history.map((entry) => [entry.action, entry.status, entry.by, entry.ready_in])).toEqual([
      ['place', 3, 'customer', null],
      ['confirm', 4, 'store', 25],
    ]);
  });
});
