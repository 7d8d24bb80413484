import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { consoleEndpoints, type ConsoleCode, type ConsoleDataOf } from '@contract/console/api';
import { CONSOLE_API } from '@contract/console/rules';
import type { StaffRole } from '@contract/console/rules';
import { envelope } from '@contract/envelope';
import { orderEvents, orders, payments, sandboxGatewayTransactions, shops, staff, staffAudit, users, walletTransactions } from '../../../server/db/schema';
import { STAFF_COOKIE } from '../../../server/http/staff-session';
import { hashPassword } from '../../../server/services/password';
import type { TestApp } from '../helpers/create-test-app';
import { call, readyCart } from './helpers';

/*
 * The counter's tests share these (issue 30): staff of any role at the console, placed orders moved to a status,
 * and every row a change may write, to compare before and after.
 */

export interface ConsoleReply {
  statusCode: number;
  body: { status: boolean; result: string; message: string | null; data: unknown };
}

let ips = 0;
const freshIp = () => `10.77.${Math.floor(ips / 250) % 250}.${ips++ % 250}`;

/** A console client at `host` with `cookie` (null: no staff session). */
export function consoleAt(t: TestApp, host: string, cookie: string | null) {
  const ip = freshIp();
  const post = async (fields: Record<string, string | number>, language = 'en'): Promise<ConsoleReply> => {
    const response = await t.app.inject({
      method: 'POST',
      url: CONSOLE_API,
      remoteAddress: ip,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': language, ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString(),
    });
    return { statusCode: response.statusCode, body: response.json() };
  };
  return {
    post,
    async call<C extends ConsoleCode>(code: C, fields: Record<string, string | number> = {}): Promise<ConsoleDataOf<C>> {
      const answer = await post({ code, ...fields });
      if (answer.statusCode !== 200) throw new Error(`${code} answered ${answer.statusCode}: ${JSON.stringify(answer.body)}`);
      return v.parse(envelope(consoleEndpoints[code].data), answer.body).data as ConsoleDataOf<C>;
    },
  };
}

/** A staff member of `slug`'s root with `role`, logged in: their console client. The seeded owner is `admin`. */
export async function staffMember(t: TestApp, slug: string, role: StaffRole) {
  const host = `${slug}.localhost`;
  const [shop] = await t.db.select().from(shops).where(eq(shops.slug, slug));
  const username = `${role}-${randomInt(1_000_000)}`;
  const password = 'counter-pass-1';
  const [member] = await t.db
    .insert(staff)
    .values({ rootId: shop.rootId ?? shop.id, name: role === 'owner' ? 'Owner Omid' : 'Staff Sima', username, passwordHash: await hashPassword(password), role })
    .returning();
  const response = await t.app.inject({
    method: 'POST',
    url: CONSOLE_API,
    remoteAddress: freshIp(),
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ code: 'staff_login', username, password }).toString(),
  });
  if (response.statusCode !== 200) throw new Error(`staff_login answered ${response.statusCode}: ${response.body}`);
  const token = response.cookies.find((cookie) => cookie.name === STAFF_COOKIE)?.value;
  return { id: member.id, name: member.name, api: consoleAt(t, host, `${STAFF_COOKIE}=${token}`) };
}

/** A new customer's cash order at the kebab shop, placed (pending). */
export async function pendingOrder(t: TestApp, key: () => string, slug = 'kebab') {
  const cart = await readyCart(t, slug);
  const placed = await call(t, cart.host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() });
  if (!placed.ok || placed.data.status !== 3) throw new Error(`final_order: ${placed.message}`);
  return { ...cart, trackingCode: placed.data.tracking_code };
}

/** A pending cash order written straight into `slug`'s orders (a shop whose catalog the test does not care for). */
export async function insertedOrder(t: TestApp, slug: string, options: { placedAt?: Date; deliveryMethod?: number; paid?: number } = {}) {
  const [shop] = await t.db.select().from(shops).where(eq(shops.slug, slug));
  const { userId, cookie } = await t.signIn(slug);
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  const trackingCode = `9${randomInt(100_000, 1_000_000)}`;
  const [order] = await t.db
    .insert(orders)
    .values({
      ...{ shopId: shop.id, userId, status: 3, payment: 'cash', trackingCode, placedAt: options.placedAt ?? new Date() },
      ...{ deliveryMethod: options.deliveryMethod ?? null, paid: options.paid ?? 0 },
      bill: {
        ...{ pure_price: 1_000_000, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 1_000_000, discount_code: null },
        ...{ shipping: 0, tax: 0, packaging: 0, total: 1_000_000, gift: 0, wallet: 0, payable: 1_000_000 },
      },
    })
    .returning();
  return { orderId: order.id, userId, cookie, shop, trackingCode, mobile: user.mobile };
}

/** The steps from pending to each status, by the owner. */
const PATH: Record<number, { action: string; ready_in?: number; reason?: string }[]> = {
  3: [],
  4: [{ action: 'confirm', ready_in: 20 }],
  5: [{ action: 'confirm', ready_in: 20 }, { action: 'send' }],
  6: [{ action: 'confirm', ready_in: 20 }, { action: 'send' }, { action: 'complete' }],
  7: [{ action: 'cancel', reason: 'closing early' }],
};

/** Moves a placed order to `status` through the owner's console. */
export async function moveTo(owner: ReturnType<typeof consoleAt>, orderId: number, status: number) {
  for (const step of PATH[status]) await owner.call('order_change', { order_id: orderId, ...step });
}

/** Every row a change of the order may write or touch, to compare before and after. */
export async function rowsOfOrder(t: TestApp, orderId: number, userId: number) {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return {
    order,
    events: await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)),
    audit: await t.db.select().from(staffAudit).where(and(eq(staffAudit.subjectType, 'order'), eq(staffAudit.subjectId, orderId))),
    ledger: await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId)),
    payments: await t.db.select().from(payments).where(eq(payments.orderId, orderId)),
  };
}

/** The sandbox bank's row of a payment token. */
export async function sandboxRow(t: TestApp, token: string) {
  const [row] = await t.db.select().from(sandboxGatewayTransactions).where(eq(sandboxGatewayTransactions.token, token));
  return row;
}
