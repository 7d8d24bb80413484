import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { endpoints, type Code } from '@contract/api';
import { envelope } from '@contract/envelope';
import { DeliveryMethod, type DeliveryMethodValue } from '@contract/enums';
import type { Database } from '../../../server/db/connection';
import { itemOptions, items, shops, walletTransactions } from '../../../server/db/schema';
import type { TestApp } from '../helpers/create-test-app';

/** 14:00 in Tehran on 2025-06-01: inside every demo shop's hours. */
export const OPEN_HOURS = new Date('2025-06-01T10:30:00Z');
/** 03:00 in Tehran: outside the kebab shop's 11:00–23:30. */
export const NIGHT = new Date('2025-06-01T23:30:00Z');

/** A movable clock for createTestApp({ clock }). */
export function movableClock(start = OPEN_HOURS) {
  let now = start;
  return { now: () => now, set: (at: Date) => (now = at) };
}

export interface Reply<C extends Code> {
  status: number;
  ok: boolean;
  data: v.InferOutput<(typeof endpoints)[C]['data']>;
  result: string | null;
  message: string | null;
  setCookie: string[];
}

/** Calls a code as `cookie` at `host`; successful replies are parsed with the contract schema. */
export async function call<C extends Code>(t: TestApp, host: string, cookie: string | null, code: C, fields: Record<string, string | number> = {}): Promise<Reply<C>> {
  const form = Object.fromEntries(Object.entries({ code, ...fields }).map(([key, value]) => [key, String(value)]));
  const response = await t.call(host, form, { headers: cookie ? { cookie } : {} });
  const body = response.json();
  const ok = response.statusCode === 200 && body.status === true;
  const raw = response.headers['set-cookie'];
  return {
    status: response.statusCode,
    ok,
    data: ok ? v.parse(envelope(endpoints[code].data), body).data : body.data,
    result: body.result,
    message: body.message,
    setCookie: raw === undefined ? [] : Array.isArray(raw) ? raw : [raw],
  };
}

/** Item ids by English name, and option ids by English name, of one shop. */
export async function catalogOf(db: Database, slug: string) {
  const [shop] = await db.select().from(shops).where(eq(shops.slug, slug));
  const rows = await db.select().from(items).where(eq(items.shopId, shop.id));
  const options = await db.select().from(itemOptions).where(eq(itemOptions.shopId, shop.id));
  const item = (nameEn: string) => {
    const row = rows.find((entry) => entry.nameEn === nameEn);
    if (!row) throw new Error(`no item ${nameEn} at ${slug}`);
    return row;
  };
  const option = (nameEn: string, itemId: number) => {
    const row = options.find((entry) => entry.nameEn === nameEn && entry.itemId === itemId);
    if (!row) throw new Error(`no option ${nameEn} at ${slug}`);
    return row;
  };
  return { shop, item, option };
}

/** Puts `amount` rial into a user's wallet as an admin credit. */
export async function creditWallet(db: Database, rootId: number, userId: number, amount: number) {
  await db.insert(walletTransactions).values({ rootId, userId, operation: 'admin', amount });
}

/** The sum of a user's successful ledger rows. */
export async function ledgerSum(db: Database, userId: number): Promise<number> {
  const rows = await db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.status, 'success')));
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

/** An in-range Tehran address near the kebab shop (Vanak). */
export const vanak = { label: 'خانه من', address: 'تهران، ونک، خیابان ملاصدرا، پلاک 10', lat: 35.7601, lng: 51.4102 };
/** Isfahan: outside every kebab radius. */
export const isfahan = { label: 'محل کار', address: 'اصفهان، خیابان چهارباغ، پلاک ۵', lat: 32.6539, lng: 51.668, city: 'اصفهان', postal_code: '8173643111' };

/** A signed-in customer with a filled kebab cart (two koobideh and one doogh) and a courier address chosen. */
export async function readyCart(t: TestApp, slug = 'kebab', options: { method?: DeliveryMethodValue } = {}) {
  const host = `${slug}.localhost`;
  const { userId, cookie } = await t.signIn(slug);
  const catalog = await catalogOf(t.db, slug);
  const koobideh = catalog.item(slug === 'kebab' ? 'Koobideh kebab' : 'Classic cheeseburger');
  const added = await call(t, host, cookie, 'cart_controller', {
    item_id: koobideh.id,
    count: 2,
    ...(slug === 'kebab' ? { feature_name: 'With grilled tomato' } : {}),
  });
  if (!added.ok) throw new Error(`add failed: ${added.message}`);
  const orderId = added.data.order?.id as number;
  const method = options.method ?? DeliveryMethod.courier;
  if (method === DeliveryMethod.pickup) {
    await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: method });
  } else {
    const address = await call(t, host, cookie, 'new_add_addreses', method === DeliveryMethod.courier ? vanak : { ...vanak, city: 'تهران', postal_code: '1991611111' });
    const chosen = await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: method, address_id: address.data.id });
    if (!chosen.ok) throw new Error(`delivery failed: ${chosen.message}`);
  }
  return { host, userId, cookie, orderId, catalog };
}
