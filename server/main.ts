import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { connect } from './db/connection';
import { migrate } from './db/migrate';
import { shopDirectory } from './repositories/shop-directory';
import { seedDemoShops } from './seed';

/** Starts the server: connect, migrate, seed on first start, listen, and print the shops' URLs. */
async function main() {
  const config = loadConfig();
  const connection = await connect({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrate(connection);
  const { seeded } = await seedDemoShops(connection.db);
  const app = await buildApp({ db: connection.db, config, logger: config.nodeEnv !== 'test' });

  const shutdown = async () => {
    await app.close();
    await connection.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.port, host: config.host });
  const port = config.port === 80 ? '' : `:${config.port}`;
  const where = connection.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)';
  const lines = [`Storefront on ${where}${seeded ? ', demo shops seeded' : ''}. Shops:`];
  for (const shop of await shopDirectory.list(connection.db)) {
    lines.push(`  http://${shop.slug}.localhost${port}/order/v2/   ${shop.nameEn} (interface ${shop.interfaceId}${shop.masterId ? ', branch' : ''})`);
  }
  lines.push(`  http://localhost${port}/order/v2/   default shop: ${config.defaultShop}`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  // A refused setting is the operator's to fix: one sentence, no stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
