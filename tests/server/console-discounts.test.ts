import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { discountCodes, discountUsages, orders, shops, staffAudit } from '../../server/db/schema';
import { call, OPEN_HOURS, readyCart } from './checkout-support/helpers';
import { staffMember } from './checkout-support/counter';
import { checkoutTestFile } from './checkout-support/test-file';
import { messages } from '../../server/i18n/messages';

/*
 * Issue 32's discount codes: the owner's console codes (create, change, turn off and on, list with uses) and the
 * checkout honouring what they set (a start date, online payment only, a code turned off), on PGlite and PostgreSQL.
 */

const { t, clock, host, database, key } = checkoutTestFile('discounts');

/** A valid form of a code; `fields` replace some. */
const form = (fields: Record<string, string | number> = {}): Record<string, string | number> => ({
  code_text: `SPRING${Math.floor(Math.random() * 1e6)}`,
  kind: 'percent',
  value: 10,
  max_amount: '',
  min_order: 0,
  first_order_only: 0,
  online_only: 0,
  total_limit: '',
  per_user_limit: '',
  starts_at: '',
  expires_at: '',
  ...fields,
});

async function written() {
  const rows = await Promise.all([t.db.select().from(discountCodes), t.db.select().from(staffAudit), t.db.select().from(discountUsages)]);
  return JSON.stringify(rows.map((list) => [...list].sort((a, b) => a.id - b.id)));
}

const owner = () => staffMember(t, 'kebab', 'owner');

describe(`the owner's discount codes (${database})`, () => {
  it('Scenario: the owner creates, changes, turns off and on a code; each is in the audit log and the list (searchable) shows it', async () => {
    const { api } = await owner();
    const code = await api.call('discount_code_add', form({ code_text: ' summer-5 ', kind: 'percent', value: 20, max_amount: 50_000, total_limit: 3, per_user_limit: 1, online_only: 1 }));
    expect(code).toMatchObject({ code: 'SUMMER-5', kind: 'percent', value: 20, max_amount: 50_000, total_limit: 3, per_user_limit: 1, online_only: 1, disabled: false, used_count: 0 });
    const changed = await api.call('discount_code_update', form({ discount_id: code.id, code_text: 'SUMMER-6', kind: 'fixed', value: 30_000, max_amount: 9 }));
    // An amount keeps no cap; an unused code may change its text and kind.
    expect(changed).toMatchObject({ id: code.id, code: 'SUMMER-6', kind: 'fixed', value: 30_000, max_amount: null, total_limit: null, online_only: 0 });
    expect(await api.call('discount_code_disable', { discount_id: code.id, disabled: 1 })).toMatchObject({ disabled: true });
    expect(await api.call('discount_code_disable', { discount_id: code.id, disabled: 0 })).toMatchObject({ disabled: false });
    const found = await api.call('discount_codes', { search: 'mer-6' });
    expect(found.map((shown) => shown.id)).toEqual([code.id]);
    expect((await api.call('discount_codes')).some((shown) => shown.code === 'LIMITED5')).toBe(true);
    const audit = await t.db.select().from(staffAudit).where(and(eq(staffAudit.subjectType, 'discount_code'), eq(staffAudit.subjectId, code.id)));
    expect(audit.map((entry) => entry.action)).toEqual(['discount.create', 'discount.update', 'discount.disable', 'discount.enable']);
  });

  it('Scenario: bad input is refused with a localised message naming the field, and nothing is written', async () => {
    const { api } = await owner();
    await api.call('discount_code_add', form({ code_text: 'TAKEN1' }));
    const before = await written();
    const cases: [Record<string, string | number>, string, RegExp, RegExp][] = [
      [form({ code_text: 'TAKEN1' }), 'code_text', /already has the code "TAKEN1"/, /TAKEN1/],
      [form({ code_text: 'taken1' }), 'code_text', /already has/, /کد تخفیف/],
      [form({ code_text: 'no spaces!' }), 'code_text', /letters A–Z/, /حروف انگلیسی/],
      [form({ code_text: 'AB' }), 'code_text', /3 to 32/, /۳ تا ۳۲/],
      [form({ value: 101 }), 'value', /1 to 100/, /۱ تا ۱۰۰/],
      [form({ value: 0 }), 'value', /1 to 100/, /درصد/],
      [form({ kind: 'fixed', value: 0 }), 'value', /at least 1/, /مبلغ/],
      [form({ total_limit: 0 }), 'total_limit', /usage limit/, /محدودیت/],
      [form({ total_limit: 2, per_user_limit: 3 }), 'per_user_limit', /above the limit in all/, /هر مشتری/],
      [form({ starts_at: '2025-07-01T00:00:00.000Z', expires_at: '2025-06-01T00:00:00.000Z' }), 'expires_at', /after the start/, /بعد از شروع/],
      [form({ starts_at: '2025-07-01T00:00:00.000Z', expires_at: '2025-07-01T00:00:00.000Z' }), 'expires_at', /after the start/, /بعد از شروع/],
    ];
    for (const [fields, field, en, fa] of cases) {
      const answer = await api.post({ code: 'discount_code_add', ...fields });
      expect([answer.statusCode, answer.body.message], JSON.stringify(fields)).toEqual([fields.code_text === 'TAKEN1' || fields.code_text === 'taken1' ? 409 : 400, expect.stringMatching(en)]);
      expect(answer.body.data, JSON.stringify(fields)).toEqual({ field });
      expect((await api.post({ code: 'discount_code_add', ...fields }, 'fa')).body.message).toMatch(fa);
    }
    for (const fields of [form({ kind: 'half' }), form({ value: -5 }), form({ starts_at: 'tomorrow' }), form({ value: 'ten' })]) {
      const answer = await api.post({ code: 'discount_code_add', ...fields });
      expect([answer.statusCode, answer.body.result], JSON.stringify(fields)).toEqual([400, 'invalid_input']);
    }
    expect(await written()).toBe(before);
  });

  it("Scenario: a staff member who is not an owner is refused every discount code; another shop's code id is not found and stays as it was", async () => {
    const { api } = await owner();
    const mine = await api.call('discount_code_add', form());
    const staff = await staffMember(t, 'kebab', 'staff');
    const before = await written();
    for (const [code, fields] of [
      ['discount_codes', {}],
      ['discount_code_add', form()],
      ['discount_code_update', form({ discount_id: mine.id })],
      ['discount_code_disable', { discount_id: mine.id, disabled: 1 }],
      ['discount_code_uses', { discount_id: mine.id }],
    ] as const) {
      const answer = await staff.api.post({ code, ...fields });
      expect([answer.statusCode, answer.body.result], code).toEqual([403, 'owner_only']);
    }
    const [cafe] = await t.db.select().from(shops).where(eq(shops.slug, 'cafe'));
    const [theirs] = await t.db.insert(discountCodes).values({ shopId: cafe.id, code: `CAFE${Date.now()}`, kind: 'percent', value: 5 }).returning();
    const withTheirs = await written();
    for (const [code, fields] of [
      ['discount_code_update', form({ discount_id: theirs.id })],
      ['discount_code_disable', { discount_id: theirs.id, disabled: 1 }],
      ['discount_code_uses', { discount_id: theirs.id }],
    ] as const) {
      const answer = await api.post({ code, ...fields });
      expect([answer.statusCode, answer.body.result, answer.body.message], code).toEqual([404, 'not_found', 'This discount code was not found at this shop.']);
    }
    expect((await api.call('discount_codes')).some((shown) => shown.id === theirs.id)).toBe(false);
    expect(before).not.toBe(withTheirs);
    expect(await written()).toBe(withTheirs);
  });

  it('Scenario: a used code keeps its text and kind and its limit stays at least its uses; the rest may change; its uses name the order', async () => {
    const { api } = await owner();
    const code = await api.call('discount_code_add', form({ total_limit: 5 }));
    const cart = await readyCart(t);
    expect((await call(t, host, cart.cookie, 'discount_compute', { order_id: cart.orderId, discount: code.code.toLowerCase() })).ok).toBe(true);
    const placed = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() });
    expect(placed.ok).toBe(true);
    const before = await written();
    for (const [fields, field, message] of [
      [form({ discount_id: code.id, code_text: 'RENAMED', total_limit: 5 }), 'code_text', /text and kind/],
      [form({ discount_id: code.id, code_text: code.code, kind: 'fixed', value: 1000, total_limit: 5 }), 'kind', /text and kind/],
    ] as const) {
      const answer = await api.post({ code: 'discount_code_update', ...fields });
      expect([answer.statusCode, answer.body.result, answer.body.message, answer.body.data]).toEqual([409, 'discount_code_locked', expect.stringMatching(message), { field }]);
    }
    expect(await written()).toBe(before);
    const changed = await api.call('discount_code_update', form({ discount_id: code.id, code_text: code.code, value: 25, total_limit: 1, min_order: 1000 }));
    expect(changed).toMatchObject({ value: 25, total_limit: 1, min_order: 1000, used_count: 1 });
    const uses = await api.call('discount_code_uses', { discount_id: code.id });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, cart.orderId));
    expect(uses).toEqual([
      { order_id: cart.orderId, tracking_code: placed.data.tracking_code, status: 3, placed_at: expect.any(String), customer: { name: expect.any(String), mobile: expect.any(String) }, discount: order.bill?.discount },
    ]);
    expect(uses[0].discount).toBeGreaterThan(0);
  });

  it('Scenario: two codes renamed to the same text at once, and a new code with it beside them: one takes it, the others are told it is taken (409), none fails', async () => {
    const { api } = await owner();
    const [first, second] = [await api.call('discount_code_add', form()), await api.call('discount_code_add', form())];
    const wanted = `RACE${Math.floor(Math.random() * 1e6)}`;
    const answers = await Promise.all([
      api.post({ code: 'discount_code_update', ...form({ discount_id: first.id, code_text: wanted }) }),
      api.post({ code: 'discount_code_update', ...form({ discount_id: second.id, code_text: wanted }) }),
      api.post({ code: 'discount_code_add', ...form({ code_text: wanted }) }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.body.result).toBe('discount_code_taken');
    const holders = await t.db.select().from(discountCodes).where(eq(discountCodes.code, wanted));
    expect(holders).toHaveLength(1);
  });

  it('Scenario: the limit in all cannot go below the uses already counted (409, nothing written)', async () => {
    const { api } = await owner();
    const code = await api.call('discount_code_add', form({ total_limit: 5 }));
    for (let index = 0; index < 2; index += 1) {
      const cart = await readyCart(t);
      await call(t, host, cart.cookie, 'discount_compute', { order_id: cart.orderId, discount: code.code });
      expect((await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() })).ok).toBe(true);
    }
    const before = await written();
    const answer = await api.post({ code: 'discount_code_update', ...form({ discount_id: code.id, code_text: code.code, total_limit: 1 }) });
    expect([answer.statusCode, answer.body.message, answer.body.data]).toEqual([409, 'This code has been used 2 times; the limit in all cannot be below that.', { field: 'total_limit' }]);
    expect(await written()).toBe(before);
  });
});

describe(`checkout honours what the owner set (${database})`, () => {
  it('Scenario: a code before its start is refused as not active yet; from its start it applies', async () => {
    const { api } = await owner();
    const starts = new Date(clock.now().getTime() + 60 * 60_000);
    const code = await api.call('discount_code_add', form({ starts_at: starts.toISOString() }));
    const cart = await readyCart(t);
    const early = await call(t, host, cart.cookie, 'discount_compute', { order_id: cart.orderId, discount: code.code });
    expect([early.status, early.result, early.message]).toEqual([400, 'discount_refused', messages.discount_not_started.fa]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, cart.orderId));
    expect(order.discountCodeId).toBeNull();
    clock.set(starts);
    try {
      const applied = await call(t, host, cart.cookie, 'discount_compute', { order_id: cart.orderId, discount: code.code });
      expect(applied.ok).toBe(true);
      expect(applied.data.discount).toBeGreaterThan(0);
    } finally {
      clock.set(OPEN_HOURS);
    }
  });

  it('Scenario: an online-only code is refused at a cash order with a message saying why, and places with online payment', async () => {
    const { api } = await owner();
    const code = await api.call('discount_code_add', form({ online_only: 1 }));
    const cart = await readyCart(t);
    expect((await call(t, host, cart.cookie, 'discount_compute', { order_id: cart.orderId, discount: code.code })).ok).toBe(true);
    const cash = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() });
    expect([cash.status, cash.result, cash.message]).toEqual([400, 'discount_refused', messages.discount_online_only.fa]);
    expect((await t.db.select({ total: count() }).from(discountUsages).where(eq(discountUsages.discountCodeId, code.id)))[0].total).toBe(0);
    const online = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: key() });
    expect(online.ok).toBe(true);
    expect((await t.db.select({ total: count() }).from(discountUsages).where(eq(discountUsages.discountCodeId, code.id)))[0].total).toBe(1);
  });

  it('Scenario: a code turned off is unknown to checkout, also when a cart applied it before; turned on again it works', async () => {
    const { api } = await owner();
    const code = await api.call('discount_code_add', form());
    const cart = await readyCart(t);
    expect((await call(t, host, cart.cookie, 'discount_compute', { order_id: cart.orderId, discount: code.code })).ok).toBe(true);
    await api.call('discount_code_disable', { discount_id: code.id, disabled: 1 });
    const placed = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() });
    expect([placed.status, placed.result, placed.message]).toEqual([404, 'discount_refused', messages.discount_unknown.fa]);
    const other = await readyCart(t);
    const unknown = await call(t, host, other.cookie, 'discount_compute', { order_id: other.orderId, discount: code.code });
    expect([unknown.status, unknown.result]).toEqual([404, 'discount_refused']);
    await api.call('discount_code_disable', { discount_id: code.id, disabled: 0 });
    expect((await call(t, host, other.cookie, 'discount_compute', { order_id: other.orderId, discount: code.code })).ok).toBe(true);
    expect((await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() })).ok).toBe(true);
  });

  it('Scenario: a console code limited to one use in all, twenty customers placing at once: exactly one order uses it, the others are told it is used up', async () => {
    const { api } = await owner();
    const code = await api.call('discount_code_add', form({ total_limit: 1 }));
    const carts = [];
    for (let index = 0; index < 20; index += 1) {
      const cart = await readyCart(t);
      expect((await call(t, host, cart.cookie, 'discount_compute', { order_id: cart.orderId, discount: code.code })).ok).toBe(true);
      carts.push(cart);
    }
    const replies = await Promise.all(carts.map((cart) => call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() })));
    expect(replies.filter((reply) => reply.ok)).toHaveLength(1);
    const refused = replies.filter((reply) => !reply.ok);
    expect(new Set(refused.map((reply) => `${reply.status} ${reply.message}`))).toEqual(new Set([`409 ${messages.discount_total_limit.fa}`]));
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row.usedCount).toBe(1);
    expect(await api.call('discount_code_uses', { discount_id: code.id })).toHaveLength(1);
  });
});
