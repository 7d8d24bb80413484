import { ConfigError, loadConfig, type Config } from './config';
import { connect, type Connection } from './db/connection';
import { isDatabaseUnavailable } from './db/unavailable';
import { StartupError } from './startup-error';
import type { EventBus } from './services/events';

// The app, the seed and the rest load once the database is open: a start refused at its settings, its folder's lock or
// its database says so at once, without loading the whole server first.
async function prepare(connection: Connection, events: EventBus, config: Config): Promise<boolean> {
  const [{ migrate }, { seedDemoShops }] = await Promise.all([import('./db/migrate'), import('./seed')]);
  await migrate(connection);
  // In production the demo shops' console logins get random passwords, printed here once, and there is no
  // demo customer (README: demo shops).
  const production = config.nodeEnv === 'production';
  const { seeded, staffLogins } = await seedDemoShops(connection.db, { events, production });
  if (production && staffLogins.length) {
    console.log(['Console logins of the seeded shops (shown once; not stored in clear):', ...staffLogins.map((login) => `  ${login.slug}: ${login.username} / ${login.password}`)].join('\n'));
  }
  return seeded;
}

/** Starts the server: connect, listen for events, migrate, seed on first start, listen, and print the shops' URLs. */
async function main(config: Config) {
  let seeded = false;
  const connection = await connect({ url: config.databaseUrl, dataDir: config.dataDir, timeouts: config.databaseTimeouts });
  // LISTEN/NOTIFY on PostgreSQL (its own connection), in-process on PGlite: docs/server.md, "Events".
  const { createEventBus } = await import('./services/events');
  const events = await createEventBus({ url: config.databaseUrl, db: connection.db });
  if (config.databaseUrl) {
    // Migrating and seeding may wait on another starting instance's seed lock for longer than a
    // request may, so they run on their own connection without the request timeouts.
    const setup = await connect({ url: config.databaseUrl, dataDir: null });
    try {
      seeded = await prepare(setup, events, config);
    } finally {
      await setup.close();
    }
  } else {
    seeded = await prepare(connection, events, config);
  }
  const [{ buildApp }, { answerBackupRequests }, { createShutdown }, { shopDirectory }] = await Promise.all([
    import('./app'),
    import('./services/backups/backup-requests'),
    import('./shutdown'),
    import('./repositories/shop-directory'),
  ]);
  const logger = config.nodeEnv === 'test' ? false : { level: config.logLevel };
  const app = await buildApp({ db: connection.db, config, logger, events, databaseStats: connection.stats });
  // npm run db:backup asks this process for the embedded database's backup (it alone may open the folder).
  answerBackupRequests(connection, config.dataDir);

  const shutdown = createShutdown({ app, events, connection, ...config.shutdown, log: (message) => app.log.warn(message), exit: (code) => process.exit(code) });
  process.on('SIGINT', () => void shutdown.signal('SIGINT'));
  process.on('SIGTERM', () => void shutdown.signal('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = config.port === 80 ? '' : `:${config.port}`;
  const where = connection.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)';
  const lines = [`Storefront on ${where}${seeded ? ', demo shops seeded' : ''}. Shops:`];
  for (const shop of await shopDirectory.list(connection.db)) {
    lines.push(`  http://${shop.slug}.localhost${port}/order/v2/   ${shop.nameEn} (interface ${shop.interfaceId}${shop.masterId ? ', branch' : ''})`);
    if (!shop.masterId) lines.push(`    console: http://${shop.slug}.localhost${port}/order/console/`);
  }
  lines.push(`  http://localhost${port}/order/v2/   default shop: ${config.defaultShop}`);
  console.log(lines.join('\n'));
}

/** The one sentence an operator needs for a known start-up problem, or null for anything else. */
function startupProblem(error: unknown, config: Config | null): string | null {
  // A refused setting or a known start-up problem is the operator's to fix: one sentence, no stack trace.
  if (error instanceof StartupError || error instanceof ConfigError) return error.message;
  if (config?.databaseUrl && isDatabaseUnavailable(error)) {
    const url = new URL(config.databaseUrl);
    // Drizzle wraps the driver's error ("Failed query: …"); the innermost one says what happened.
    let inner: unknown = error;
    while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
    const reason = inner instanceof Error && inner.message ? inner.message : 'no answer';
    return `PostgreSQL at ${url.hostname}:${url.port || 5432} (DATABASE_URL) cannot be reached (${reason}); start it or correct DATABASE_URL.`;
  }
  return null;
}

let config: Config | null = null;
try {
  config = loadConfig();
  await main(config);
} catch (error: unknown) {
  console.error(startupProblem(error, config) ?? error);
  process.exit(1);
}
