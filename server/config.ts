import { resolve } from 'node:path';
import type { DatabaseTimeouts } from './db/connection';

export interface Config {
  port: number;
  host: string;
  /** postgres://… for a PostgreSQL server; null = embedded PGlite under dataDir/pglite */
  databaseUrl: string | null;
  dataDir: string;
  defaultShop: string;
  spaDir: string;
  nodeEnv: string;
  /** trust X-Forwarded-Proto/-For from a reverse proxy (TRUST_PROXY=1) */
  trustProxy: boolean;
  /** SMS_PROVIDER (console | http), SMS_HTTP_URL, SMS_HTTP_TOKEN */
  sms: { provider: string; httpUrl: string | null; httpToken: string | null };
  /** DB_ACQUIRE_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS (PostgreSQL only; docs/server.md) */
  databaseTimeouts: DatabaseTimeouts;
}

/** A non-negative whole number of milliseconds from `env[name]` (0 = no limit), else `fallback`. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds (0 = no limit), got ${raw}`);
  return value;
}

/** Reads the server's settings from the environment, with the documented defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: resolve(env.DATA_DIR || './data'),
    defaultShop: env.DEFAULT_SHOP || 'kebab',
    spaDir: resolve(env.SPA_DIR || 'dist/spa'),
    nodeEnv: env.NODE_ENV || 'development',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    sms: { provider: env.SMS_PROVIDER || 'console', httpUrl: env.SMS_HTTP_URL || null, httpToken: env.SMS_HTTP_TOKEN || null },
    // A request waits at most ~acquire + lock for the database, well inside the SPA's 65 s.
    databaseTimeouts: {
      acquireMs: milliseconds(env, 'DB_ACQUIRE_TIMEOUT_MS', 5_000),
      statementMs: milliseconds(env, 'DB_STATEMENT_TIMEOUT_MS', 30_000),
      lockMs: milliseconds(env, 'DB_LOCK_TIMEOUT_MS', 5_000),
    },
  };
}
