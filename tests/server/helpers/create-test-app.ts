import { randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, isNotNull } from 'drizzle-orm';
import { buildApp } from '../../../server/app';
import type { Connection, Database } from '../../../server/db/connection';
import { orders, sessions, shops, users } from '../../../server/db/schema';
import { billRowsMismatch } from '../../../contract/rules/bill-rows';
import { frozenBill } from '../../../server/services/orders/order-detail';
import { hashToken } from '../../../server/repositories/user-repository';
import { seedDemoShops } from '../../../server/seed';
import type { PaymentGateways } from '../../../server/services/payments';
import type { SmsProvider } from '../../../server/services/sms';
import type { MediaMessageHook } from '../../../server/services/uploads/media-message';
import type { BackupConfig, TrustProxy } from '../../../server/config';
import type { EventBus } from '../../../server/services/events';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  connection: Connection;
  /** POST /order/order.php with form fields, urlencoded unless `multipart`. */
  call: (host: string, fields: Record<string, string>, options?: CallOptions) => Promise<LightMyRequestResponse>;
  /** Inserts a user of the shop's root and a live session; returns the user id and the Cookie header. */
  signIn: (slug: string, user?: { name?: string; mobile?: string }) => Promise<{ userId: number; cookie: string }>;
  close: () => Promise<void>;
}

export interface CallOptions {
  multipart?: boolean;
  headers?: Record<string, string>;
}

/** A multipart/form-data body of text fields. */
export function multipartBody(fields: Record<string, string>): { payload: Buffer; contentType: string } {
  const boundary = `----storefront${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The real app on a fresh migrated and seeded database of its own (PGlite in
 * memory, or PostgreSQL when TEST_DATABASE_URL is set). Build one per test file.
 */
export async function createTestApp(
  options: {
    spaDir?: string;
    /**
     * true (default): the demo shops, copied from the run's seeded database (test-database.ts);
     * 'fresh': seedDemoShops runs on this file's own migrated database; false: migrated only.
     */
    seed?: boolean | 'fresh';
    clock?: () => Date;
    sms?: SmsProvider;
    trustProxy?: TrustProxy | true;
    mapTileUrl?: string;
    /** LONGPOLL_HOLD_MS of this app (default the contract's) */
    longpollHoldMs?: number;
    /** a migrated database of the test's own (e.g. on a cluster it stops and starts); default createTestDatabase() */
    database?: { connection: Connection; drop: () => Promise<void> };
    /** where uploaded pictures go (UPLOAD_DIR); default a temporary folder removed with the app */
    uploadDir?: string;
    /** the chat's hook for media messages (buildApp's onMediaMessage) */
    onMediaMessage?: MediaMessageHook;
    /** the banks (buildApp's payments); default the sandbox, as outside production */
    payments?: PaymentGateways;
    /** the jobs runner's poll (buildApp's jobs); default null: a test runs due jobs by hand (`app.jobs.runDue()`), none behind its back */
    jobPollMs?: number | null;
    /** Fastify's logger (buildApp's): a test that reads the log passes a stream; default off */
    logger?: { level?: string; stream: { write: (line: string) => void } };
    /** BACKUP_DIR, BACKUP_EVERY and BACKUP_KEEP of this app (scheduled backups); default none */
    backup?: BackupConfig;
    /** the event bus (buildApp's events; the caller closes it); default an in-process bus closed with the app */
    events?: EventBus;
    /** METRICS_TOKEN and NODE_ENV of this app (default none and 'test') */
    metricsToken?: string;
    nodeEnv?: string;
  } = {},
): Promise<TestApp> {
  const seed = options.seed ?? true;
  const { connection, drop } = options.database ?? (await createTestDatabase({ seeded: seed === true }));
  const db = connection.db;
  if (options.database ? seed !== false : seed === 'fresh') await seedDemoShops(db);
  const spaDir = options.spaDir ?? join(tmpdir(), `storefront-no-spa-${randomBytes(4).toString('hex')}`);
  // `true` is one trusted hop, as TRUST_PROXY=1.
  const trustProxy = options.trustProxy === true ? 1 : options.trustProxy;
  const app = await buildApp({
    db,
    config: {
      defaultShop: 'kebab',
      spaDir,
      nodeEnv: options.nodeEnv ?? 'test',
      mapTileUrl: options.mapTileUrl ?? null,
      uploadDir: options.uploadDir,
      longpollHoldMs: options.longpollHoldMs,
      metricsToken: options.metricsToken ?? null,
      backup: options.backup,
    },
    clock: options.clock,
    sms: options.sms,
    trustProxy,
    onMediaMessage: options.onMediaMessage,
    payments: options.payments,
    jobs: { pollMs: options.jobPollMs ?? null },
    logger: options.logger ?? false,
    events: options.events,
    databaseStats: connection.stats,
    // Holds of exactly longpollHoldMs: a test's hold must not end sooner at random.
    random: () => 0,
  });

  const call: TestApp['call'] = (host, fields, { multipart = false, headers = {} } = {}) => {
    if (multipart) {
      const { payload, contentType } = multipartBody(fields);
      return app.inject({ method: 'POST', url: '/order/order.php', headers: { host, 'content-type': contentType, ...headers }, payload });
    }
    return app.inject({
      method: 'POST',
      url: '/order/order.php',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  };

  const signIn: TestApp['signIn'] = async (slug, user = {}) => {
    const [shop] = await db.select().from(shops).where(eq(shops.slug, slug));
    const rootId = shop.rootId ?? shop.id;
    // A random mobile can repeat one drawn earlier at this shop (50 sign-ins at once make that likely
    // enough to fail a run now and then): draw again on the unique key's conflict.
    let row: typeof users.$inferSelect | undefined;
    for (let attempt = 0; !row; attempt += 1) {
      if (attempt === 20) throw new Error(`signIn: no free mobile at ${slug}`);
      const mobile = user.mobile ?? `0912${randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
      [row] = await db.insert(users).values({ rootId, mobile, name: user.name ?? 'سارا احمدی', accessFlag: 1 }).onConflictDoNothing().returning();
      if (!row && user.mobile) throw new Error(`signIn: ${user.mobile} is taken at ${slug}`);
    }
    const token = randomBytes(32).toString('base64url');
    await db.insert(sessions).values({ id: hashToken(token), userId: row.id, rootId, expiresAt: new Date(Date.now() + 86_400_000) });
    return { userId: row.id, cookie: `sid=${token}` };
  };

  return {
    app,
    db,
    connection,
    call,
    signIn,
    close: async () => {
      // Every order a test file placed prints rows that add up (contract/rules/bill-rows.ts): the invoice, the console's
      // order and its ticket show them.
      // A database the test left down (an outage scenario) has nothing to read.
      const placed = await db
        .select({ id: orders.id, bill: orders.bill })
        .from(orders)
        .where(isNotNull(orders.bill))
        .catch(() => []);
      const wrong = placed.flatMap(({ id, bill }) => billRowsMismatch(frozenBill(bill)).map((mismatch) => `order ${id}: ${mismatch}`));
      await app.close();
      await drop();
      if (wrong.length > 0) throw new Error(`bills whose rows do not add up:\n${wrong.join('\n')}`);
    },
  };
}
