import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, readyCart } from './checkout-support/helpers';
import { staffMember } from './checkout-support/counter';
import { checkoutTestFile } from './checkout-support/test-file';

/*
 * Issue 30: a master's console sees its branches' orders (docs/orders.md), so it hears of them live as the branch's
 * own console does: a branch's order placed, opened and changed reaches a staff_longpull held at the master and one
 * held at the branch, each with its board's counts; another branch's console hears nothing of it.
 */

// A poll nothing reaches answers empty after 8 s, well inside the test's time: a missing event fails as such.
const { t, database, key } = checkoutTestFile('branch-live', { longpollHoldMs: 8_000 });

type Staff = Awaited<ReturnType<typeof staffMember>>;
let master: Staff;
let branch: Staff;
let otherBranch: Staff;
beforeAll(async () => {
  master = await staffMember(t, 'chain', 'owner');
  branch = await staffMember(t, 'chain-tehran', 'staff');
  otherBranch = await staffMember(t, 'chain-isfahan', 'staff');
});

/** A customer's cash order placed at the Tehran branch, its cart ready first (`placeIt` places it). */
async function branchCart() {
  const cart = await readyCart(t, 'chain-tehran');
  return {
    orderId: cart.orderId,
    async placeIt() {
      const placed = await call(t, cart.host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() });
      expect(placed.data).toMatchObject({ status: 3 });
    },
  };
}

/** Each console's cursor now (a first connection answers at once with it). */
const cursors = async (...consoles: Staff[]) => Promise.all(consoles.map(async (member) => (await member.api.call('staff_longpull', { count: 0, wait: 0 })).count));

/** Polls held at each console from its cursor, answered once something reaches it (or the hold passes). */
async function hold(consoles: Staff[], counts: number[]) {
  const before = t.app.live.stats().watches;
  const polls = consoles.map((member, index) => member.api.call('staff_longpull', { count: counts[index] }));
  await vi.waitFor(() => expect(t.app.live.stats().watches).toBe(before + consoles.length), { timeout: 4_000, interval: 5 });
  return polls;
}

/** What the board of `member` counts now. */
const boardCounts = async (member: Staff) => {
  const board = await member.api.call('orders_board', { length: 1 });
  return { unaccepted_count: board.unaccepted_count, unopened_count: board.unopened_count };
};

describe(`a master's console hears its branches' orders live (${database})`, () => {
  it("Scenario: an order placed at a branch reaches the master's held poll and the branch's, with their counts; opened at the branch, the master hears it and its unopened count drops; confirmed at the master, the branch hears it", async () => {
    const order = await branchCart();
    const start = await cursors(master, branch);
    const [atMaster, atBranch] = await hold([master, branch], start);
    await order.placeIt();
    const placed = await Promise.all([atMaster, atBranch]);
    for (const [index, member] of [master, branch].entries()) {
      expect(placed[index].events, `${index === 0 ? 'master' : 'branch'}`).toEqual([{ id: expect.any(Number), type: 'order_placed', order_id: order.orderId }]);
      expect(placed[index]).toMatchObject(await boardCounts(member));
    }
    expect(placed[0].unopened_count).toBeGreaterThanOrEqual(1);

    // Opened by the branch's staff: the master's alert for it stops (its poll hears it with the count one less).
    const [masterHears] = await hold([master], await cursors(master));
    await branch.api.call('order_detail', { order_id: order.orderId });
    const opened = await masterHears;
    expect(opened.events).toEqual([{ id: expect.any(Number), type: 'order_changed', order_id: order.orderId, status: 3 }]);
    expect(opened.unopened_count).toBe((placed[0].unopened_count ?? 0) - 1);

    // Confirmed at the master: the branch's console hears it.
    const [branchHears] = await hold([branch], await cursors(branch));
    await master.api.call('order_change', { order_id: order.orderId, action: 'confirm', ready_in: 15 });
    const confirmed = await branchHears;
    expect(confirmed.events.filter((event) => event.type === 'order_changed' && event.status === 4)).toEqual([{ id: expect.any(Number), type: 'order_changed', order_id: order.orderId, status: 4 }]);
    expect(confirmed).toMatchObject(await boardCounts(branch));
  });

  it("Scenario: a branch's order opened first at the master: the branch's console hears it and its unopened count drops; the other branch hears nothing", async () => {
    const [isfahanCursor] = await cursors(otherBranch);
    const order = await branchCart();
    await order.placeIt();
    const before = await boardCounts(branch);
    expect(before.unopened_count).toBeGreaterThanOrEqual(1);
    const [branchHears] = await hold([branch], await cursors(branch));
    await master.api.call('order_detail', { order_id: order.orderId });
    const opened = await branchHears;
    expect(opened.events).toEqual([{ id: expect.any(Number), type: 'order_changed', order_id: order.orderId, status: 3 }]);
    expect(opened.unopened_count).toBe(before.unopened_count - 1);
    // Isfahan's console: nothing of Tehran's order reached it.
    const other = await otherBranch.api.call('staff_longpull', { count: isfahanCursor, wait: 0 });
    expect(other.events.filter((event) => 'order_id' in event && event.order_id === order.orderId)).toEqual([]);
  });
});
