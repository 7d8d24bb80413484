import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import { endpoints, type Code, type DataOf } from '@contract/api';
import { envelope } from '@contract/envelope';
import type { Database } from '../../../server/db/connection';
import { sessions, shops, users, type ShopRow } from '../../../server/db/schema';
import { hashToken } from '../../../server/repositories/user-repository';

/** A reply as the tests read it: status code, envelope fields. */
export interface Reply {
  statusCode: number;
  body: { status: boolean; result: string; message: string | null; data: unknown };
}

/** The shop row of a slug. */
export async function shopOf(db: Database, slug: string): Promise<ShopRow> {
  const [shop] = await db.select().from(shops).where(eq(shops.slug, slug));
  return shop;
}

/** A live session for an existing user (e.g. the seeded demo customer); returns the Cookie header. */
export async function sessionFor(db: Database, userId: number, rootId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ id: hashToken(token), userId, rootId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `sid=${token}`;
}

/** The id of a customer of the shop's root by mobile. */
export async function customerId(db: Database, shop: ShopRow, mobile: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.rootId, shop.rootId ?? shop.id), eq(users.mobile, mobile)));
  return row.id;
}

/**
 * A signed-in customer's API at one host, through `app` (any instance): `post` answers any reply,
 * `call` expects success and parses the data with the contract's schema.
 */
export function chatClient(app: FastifyInstance, host: string, cookie: string, ip = '10.9.0.1') {
  const post = async (fields: Record<string, string>): Promise<Reply> => {
    const response = await app.inject({
      method: 'POST',
      url: '/order/order.php',
      remoteAddress: ip,
      headers: { host, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    return { statusCode: response.statusCode, body: response.json() };
  };
  return {
    post,
    async call<C extends Code>(code: C, fields: Record<string, string> = {}): Promise<DataOf<C>> {
      const reply = await post({ code, ...fields });
      if (reply.statusCode !== 200) throw new Error(`${code} answered ${reply.statusCode}: ${JSON.stringify(reply.body)}`);
      return v.parse(envelope(endpoints[code].data), reply.body).data as DataOf<C>;
    },
  };
}
