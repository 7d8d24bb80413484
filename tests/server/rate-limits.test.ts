import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { toPersianDigits } from '@contract/digits';
import { contactMessages, itemVisits, items, orders, shops } from '../../server/db/schema';
import { ANONYMOUS_WRITE_LIMITS, VISIT_DEDUPE_SECONDS } from '../../server/services/anonymous-limits';
import { GUEST_COOKIE } from '../../server/services/guest-cart';
import { browser, testClock } from './helpers/account-browser';
import { createTestApp, type TestApp } from './helpers/create-test-app';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(() => t.close());

let ipSeq = 1;
/** A fresh client address per scenario so limits do not leak between them. */
const freshIp = () => `10.7.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;
const json = (response: { json: () => unknown }) => response.json() as { status: boolean; result: string; message: string; data: Record<string, unknown> | null };

async function shopId(slug: string) {
  return (await t.db.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug)))[0].id;
}
async function productOf(slug: string, nameEn: string) {
  const [row] = await t.db.select({ id: items.id }).from(items).where(and(eq(items.shopId, await shopId(slug)), eq(items.nameEn, nameEn)));
  return row.id;
}
async function visitsOf(slug: string, itemId: number) {
  const [row] = await t.db.select({ visits: itemVisits.visits }).from(itemVisits).where(and(eq(itemVisits.shopId, await shopId(slug)), eq(itemVisits.itemId, itemId)));
  return row?.visits ?? 0;
}

/** Asserts a 429 with the wait in Retry-After, in data.wait_seconds and in the localised message. */
function expectLimited(response: Awaited<ReturnType<ReturnType<typeof browser>['post']>>, maxWait: number) {
  expect(response.statusCode, response.body).toBe(429);
  const body = json(response);
  expect(body.status).toBe(false);
  expect(body.result).toBe('rate_limited');
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(maxWait);
  expect(body.data).toEqual({ wait_seconds: wait });
  // In the message's own digits: Persian in fa (issue 10, defect 7), Western in en.
  expect(body.message).toContain(/[\u0600-\u06FF]/.test(body.message) ? toPersianDigits(wait) : String(wait));
  return wait;
}

const contact = (language: string) => ({ code: 'contact_us', language, name: 'Sara', phone: '09121234567', email: 'sara@example.com', message: 'Hello' });

describe('add_visit_item: one visit per visitor per product per day', () => {
  it('Scenario: 300 posts from one address move the product from 1 to 1, not 302; best sellers cannot be pumped', async () => {
    const bread = await productOf('grocery', 'Sangak bread');
    const before = await visitsOf('grocery', bread);
    const visitor = browser(t, 'grocery.localhost', freshIp());
    const first = await visitor.post({ code: 'add_visit_item', id: String(bread) });
    expect(json(first).data).toEqual({ item_id: bread, visits: before + 1 });
    let accepted = 1;
    for (let post = 1; post < 300; post += 1) {
      const response = await visitor.post({ code: 'add_visit_item', id: String(bread) });
      if (response.statusCode === 200) {
        accepted += 1;
        expect(json(response).data).toEqual({ item_id: bread, visits: before + 1 });
      } else expectLimited(response, ANONYMOUS_WRITE_LIMITS.add_visit_item.windowSeconds);
    }
    expect(accepted).toBe(ANONYMOUS_WRITE_LIMITS.add_visit_item.limit);
    expect(await visitsOf('grocery', bread)).toBe(before + 1);
  });

  it('Scenario: another visitor counts, the same one counts again a day later, and a signed-in customer counts as themself', async () => {
    const rice = await productOf('grocery', 'Hashemi rice 10 kg');
    const before = await visitsOf('grocery', rice);
    const address = freshIp();
    const visit = (ip: string, cookie?: string) => browser(t, 'grocery.localhost', ip).post({ code: 'add_visit_item', id: String(rice) }, cookie ? { cookie } : {});
    expect(json(await visit(address)).data).toEqual({ item_id: rice, visits: before + 1 });
    expect(json(await visit(address)).data).toEqual({ item_id: rice, visits: before + 1 });
    expect(json(await visit(freshIp())).data).toEqual({ item_id: rice, visits: before + 2 });
    // A customer behind the same address is a visitor of their own, once.
    const { cookie } = await t.signIn('grocery');
    expect(json(await visit(address, cookie)).data).toEqual({ item_id: rice, visits: before + 3 });
    expect(json(await visit(freshIp(), cookie)).data).toEqual({ item_id: rice, visits: before + 3 });
    clock.advance(VISIT_DEDUPE_SECONDS + 1);
    expect(json(await visit(address)).data).toEqual({ item_id: rice, visits: before + 4 });
  });
});

describe('contact_us is limited per address', () => {
  it('Scenario: past the limit an anonymous sender gets 429 with the wait (fa and en) and nothing is stored; the window frees it', async () => {
    const kebab = await shopId('kebab');
    const stored = async () => (await t.db.select().from(contactMessages).where(eq(contactMessages.shopId, kebab))).length;
    const sender = browser(t, 'kebab.localhost', freshIp());
    for (let sent = 0; sent < ANONYMOUS_WRITE_LIMITS.contact_us.limit; sent += 1) {
      const response = await sender.post(contact('en'));
      expect(response.statusCode, response.body).toBe(200);
    }
    const before = await stored();
    const english = await sender.post(contact('en'));
    const wait = expectLimited(english, ANONYMOUS_WRITE_LIMITS.contact_us.windowSeconds);
    expect(json(english).message).toBe(`Too many messages were sent from your network; please try again in ${wait} seconds.`);
    const persian = await sender.post(contact('fa'));
    expectLimited(persian, ANONYMOUS_WRITE_LIMITS.contact_us.windowSeconds);
    expect(json(persian).message).toMatch(/^تعداد پیام‌های ارسالی/);
    expect(json(persian).message).not.toMatch(/[0-9]/);
    expect(await stored()).toBe(before);

    // Another address is not affected.
    expect((await browser(t, 'kebab.localhost', freshIp()).post(contact('en'))).statusCode).toBe(200);
    clock.advance(wait);
    expect((await sender.post(contact('en'))).statusCode).toBe(200);
  });

  it('Scenario: refused input (a typo in the form) does not use up the limit', async () => {
    const sender = browser(t, 'kebab.localhost', freshIp());
    for (let typo = 0; typo < ANONYMOUS_WRITE_LIMITS.contact_us.limit * 2; typo += 1) {
      expect((await sender.post({ ...contact('en'), email: 'not-an-email' })).statusCode).toBe(400);
    }
    for (let sent = 0; sent < ANONYMOUS_WRITE_LIMITS.contact_us.limit; sent += 1) {
      const response = await sender.post(contact('en'));
      expect(response.statusCode, response.body).toBe(200);
    }
    expectLimited(await sender.post(contact('en')), ANONYMOUS_WRITE_LIMITS.contact_us.windowSeconds);
  });

  it('Scenario: a signed-in customer is never limited here', async () => {
    const { cookie } = await t.signIn('kebab');
    const customer = browser(t, 'kebab.localhost', freshIp());
    for (let sent = 0; sent <= ANONYMOUS_WRITE_LIMITS.contact_us.limit * 2; sent += 1) {
      const response = await customer.post(contact('en'), { cookie });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('Scenario: a made-up session cookie does not get past the limit', async () => {
    const sender = browser(t, 'kebab.localhost', freshIp());
    for (let sent = 0; sent < ANONYMOUS_WRITE_LIMITS.contact_us.limit; sent += 1) {
      expect((await sender.post(contact('en'), { cookie: `sid=forged${sent}` })).statusCode).toBe(200);
    }
    expectLimited(await sender.post(contact('en'), { cookie: 'sid=forged-again' }), ANONYMOUS_WRITE_LIMITS.contact_us.windowSeconds);
  });
});

describe('guest carts are limited per address', () => {
  it('Scenario: one address starting guest cart after guest cart is stopped with 429 and no cart is written; a guest with a cart and a customer keep shopping', async () => {
    const kebab = await shopId('kebab');
    const koobideh = await productOf('kebab', 'Koobideh kebab');
    const address = freshIp();
    const add = { code: 'cart_controller', item_id: String(koobideh), feature_name: 'با گوجه کبابی', language: 'en' };
    // Each fresh client (no cookie) starts a new guest cart.
    const guests = [];
    for (let guest = 0; guest < ANONYMOUS_WRITE_LIMITS.guest_cart.limit; guest += 1) {
      const client = browser(t, 'kebab.localhost', address);
      const response = await client.post(add);
      expect(response.statusCode, response.body).toBe(200);
      guests.push(client);
    }
    const carts = async () => (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.shopId, kebab))).length;
    const before = await carts();
    const refused = await browser(t, 'kebab.localhost', address).post(add);
    const wait = expectLimited(refused, ANONYMOUS_WRITE_LIMITS.guest_cart.windowSeconds);
    expect(json(refused).message).toBe(`Too many new carts were started from your network; please try again in ${wait} seconds.`);
    expect(refused.cookies.find((cookie) => cookie.name === GUEST_COOKIE)).toBeUndefined();
    // A made-up guest cookie names no cart, so it is a new cart too.
    expectLimited(await browser(t, 'kebab.localhost', address).post(add, { cookie: `${GUEST_COOKIE}=made-up` }), ANONYMOUS_WRITE_LIMITS.guest_cart.windowSeconds);
    expect(await carts()).toBe(before);

    // A guest who already has a cart adds more lines; a signed-in customer shops as usual.
    for (let line = 0; line < 5; line += 1) expect((await guests[0].post(add)).statusCode).toBe(200);
    const { cookie } = await t.signIn('kebab');
    expect((await browser(t, 'kebab.localhost', address).post(add, { cookie })).statusCode).toBe(200);
    expect(await carts()).toBe(before + 1);
  });
});
