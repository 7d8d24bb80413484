import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { LONGPOLL_HOLD_MAX_MS, LONGPOLL_HOLD_MIN_MS, LONGPOLL_HOLD_MS } from '@contract/rules/chat';
import type { DatabaseTimeouts } from './db/connection';
import { defaultGatewayName, gatewayConfigProblem } from './services/payments';
import { SMS_TIMEOUT_MS, smsConfigProblem, type SmsSettings } from './services/sms';
import { templatesFromEnv } from './services/sms/templates';

/** A setting the server refuses to start with; main.ts prints its one-sentence message and exits non-zero. */
export class ConfigError extends Error {}

export interface Config {
  port: number;
  host: string;
  /** postgres://… for a PostgreSQL server; null = embedded PGlite under dataDir/pglite */
  databaseUrl: string | null;
  dataDir: string;
  /** UPLOAD_DIR: uploaded pictures (default DATA_DIR/uploads) */
  uploadDir: string;
  defaultShop: string;
  spaDir: string;
  nodeEnv: string;
  /** which reverse proxies' X-Forwarded-Proto/-For to trust: a hop count or their addresses/CIDRs (TRUST_PROXY) */
  trustProxy: TrustProxy;
  /** VITE_MAP_TILE_URL: the map's tile template; the CSP lets images come from its origin */
  mapTileUrl: string | null;
  /** SMS_PROVIDER (console | kavenegar | smsir), SMS_API_KEY, SMS_API_URL, SMS_TEMPLATE_*, SMS_TIMEOUT_MS */
  sms: SmsSettings;
  /** PAYMENT_GATEWAY: the gateway of online payments; null = online payment not offered (production's default) */
  paymentGateway: string | null;
  /** DB_ACQUIRE_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS (PostgreSQL only; docs/server.md) */
  databaseTimeouts: DatabaseTimeouts;
  /** LONGPOLL_HOLD_MS: how long a long-poll with nothing to say is held (docs/server.md, "Live channel") */
  longpollHoldMs: number;
  /** ACCESS_LOG: log every request (Fastify's "incoming request" and "request completed"); default on outside production */
  accessLog: boolean;
  /** BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP: where db:backup writes, and the optional schedule (docs/server.md, "Backups") */
  backup: BackupConfig;
  /** LOG_LEVEL: the logger's level (pino's names); default info */
  logLevel: LogLevel;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; null = open outside production, off (404) in production */
  metricsToken: string | null;
  /** SHUTDOWN_DELAY_MS (readiness 503 before the server stops accepting) and SHUTDOWN_TIMEOUT_MS (the whole shutdown's deadline) */
  shutdown: { delayMs: number; timeoutMs: number };
}

export interface BackupConfig {
  /** BACKUP_DIR (default DATA_DIR/backups) */
  dir: string;
  /** BACKUP_EVERY in milliseconds; null = no scheduled backups */
  everyMs: number | null;
  /** BACKUP_KEEP: how many of the newest backups a scheduled one leaves */
  keep: number;
}

const DURATION_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
/** A scheduled backup at most this often: each is a whole copy of the database. */
const BACKUP_EVERY_MIN_MS = 15 * 60_000;
const BACKUP_KEEP_DEFAULT = 7;

/** BACKUP_EVERY as `N` minutes, hours or days (`30m`, `6h`, `1d`), unset = no schedule; BACKUP_KEEP a count from 1. */
function backupConfig(env: NodeJS.ProcessEnv, dataDir: string): BackupConfig {
  const every = env.BACKUP_EVERY?.trim();
  const match = every ? /^(\d+)([mhd])$/.exec(every) : null;
  const everyMs = match ? Number(match[1]) * DURATION_UNITS[match[2]] : null;
  if (every && (everyMs === null || everyMs < BACKUP_EVERY_MIN_MS)) {
    throw new ConfigError(`BACKUP_EVERY must be a duration like 6h or 1d (minutes m, hours h, days d; at least 15m), got ${env.BACKUP_EVERY}`);
  }
  const keepText = env.BACKUP_KEEP?.trim();
  const keep = keepText ? Number(keepText) : BACKUP_KEEP_DEFAULT;
  if (!Number.isInteger(keep) || keep < 1) throw new ConfigError(`BACKUP_KEEP must be a whole number of backups from 1, got ${env.BACKUP_KEEP}`);
  return { dir: env.BACKUP_DIR ? resolve(env.BACKUP_DIR) : join(dataDir, 'backups'), everyMs, keep };
}

/** pino's levels, as Fastify's logger takes them. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL, refused by name when pino does not know it (a typo would otherwise silence or flood the log). */
function logLevel(env: NodeJS.ProcessEnv): LogLevel {
  const raw = env.LOG_LEVEL;
  if (raw === undefined || raw === '') return 'info';
  const level = LOG_LEVELS.find((name) => name === raw.trim().toLowerCase());
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${raw}`);
  return level;
}

/** METRICS_TOKEN: long enough that guessing it over the network is hopeless. */
function metricsToken(env: NodeJS.ProcessEnv): string | null {
  const token = env.METRICS_TOKEN?.trim() || null;
  if (token !== null && token.length < 16) throw new ConfigError(`METRICS_TOKEN must be at least 16 characters, got ${token.length}`);
  return token;
}

/** A non-negative whole number of milliseconds from `env[name]` (0 = no limit), else `fallback`. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a whole number of milliseconds (0 = no limit), got ${raw}`);
  return value;
}

/** LONGPOLL_HOLD_MS within its bounds: 0 would spin idle clients, a minute would time every poll out. */
function longpollHold(env: NodeJS.ProcessEnv): number {
  const value = milliseconds(env, 'LONGPOLL_HOLD_MS', LONGPOLL_HOLD_MS);
  if (value < LONGPOLL_HOLD_MIN_MS || value > LONGPOLL_HOLD_MAX_MS) {
    throw new ConfigError(`LONGPOLL_HOLD_MS must be between ${LONGPOLL_HOLD_MIN_MS} and ${LONGPOLL_HOLD_MAX_MS} milliseconds, got ${env.LONGPOLL_HOLD_MS}`);
  }
  return value;
}

/** A 1/true or 0/false flag from `env[name]`, else `fallback`; anything else is refused by name. */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new ConfigError(`${name} must be 1 or 0 (true or false), got ${raw}`);
}

/**
 * ACCESS_LOG 1/true or 0/false. Off in production by default: a request's two lines took a third of
 * the server's CPU for a kept catalog read, and the proxy in front keeps an access log. Errors are
 * logged either way.
 */
function accessLog(env: NodeJS.ProcessEnv, nodeEnv: string): boolean {
  return flag(env, 'ACCESS_LOG', nodeEnv !== 'production');
}

/** Reads the server's settings from the environment, with the documented defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got ${env.PORT}`);
  const nodeEnv = env.NODE_ENV || 'development';
  const paymentGateway = env.PAYMENT_GATEWAY || defaultGatewayName(nodeEnv);
  const gatewayProblem = gatewayConfigProblem(paymentGateway, nodeEnv, env);
  if (gatewayProblem) throw new ConfigError(gatewayProblem);
  const sms: SmsSettings = {
    provider: env.SMS_PROVIDER || 'console',
    apiKey: env.SMS_API_KEY || null,
    apiUrl: env.SMS_API_URL || null,
    templates: templatesFromEnv(env),
    timeoutMs: milliseconds(env, 'SMS_TIMEOUT_MS', SMS_TIMEOUT_MS) || SMS_TIMEOUT_MS,
  };
  const smsProblem = smsConfigProblem({ ...sms, nodeEnv, consoleDemo: flag(env, 'SMS_CONSOLE_DEMO', false) });
  if (smsProblem) throw new ConfigError(smsProblem);
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    uploadDir: env.UPLOAD_DIR ? resolve(env.UPLOAD_DIR) : join(dataDir, 'uploads'),
    defaultShop: env.DEFAULT_SHOP || 'kebab',
    spaDir: resolve(env.SPA_DIR || 'dist/spa'),
    nodeEnv,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    mapTileUrl: env.VITE_MAP_TILE_URL || null,
    sms,
    paymentGateway,
    // A request waits at most ~acquire + lock for the database, well inside the SPA's 65 s.
    databaseTimeouts: {
      acquireMs: milliseconds(env, 'DB_ACQUIRE_TIMEOUT_MS', 5_000),
      statementMs: milliseconds(env, 'DB_STATEMENT_TIMEOUT_MS', 30_000),
      lockMs: milliseconds(env, 'DB_LOCK_TIMEOUT_MS', 5_000),
    },
    // Well under the SPA's 65 s timeout and the 30 s at which proxies cut idle requests.
    longpollHoldMs: longpollHold(env),
    accessLog: accessLog(env, nodeEnv),
    backup: backupConfig(env, dataDir),
    logLevel: logLevel(env),
    metricsToken: metricsToken(env),
    // The delay is the proxy's to need (its health-check interval); the deadline is under the 30 s most orchestrators wait before SIGKILL.
    shutdown: { delayMs: milliseconds(env, 'SHUTDOWN_DELAY_MS', 0), timeoutMs: milliseconds(env, 'SHUTDOWN_TIMEOUT_MS', 25_000) },
  };
}

/**
 * Fastify's trustProxy: false (trust no X-Forwarded-*), a number of proxy hops
 * (the client is that many entries from the right of X-Forwarded-For), or the
 * proxies' addresses/CIDRs (and proxy-addr's names loopback, linklocal, uniquelocal).
 * Never `true`: that takes the left-most entry, which the client writes itself.
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset/0/false trusts nothing; `1` (or `true`) one hop; `N` N hops; else a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong.length > 0) {
    throw new ConfigError(`TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDRs, got ${value} (not understood: ${wrong.join(', ')})`);
  }
  return entries;
}

/**
 * The trustProxy option Fastify gets. A hop count becomes a function, because Fastify
 * treats a bare number as "trust nothing" (it cannot tell that the peer is a proxy):
 * with N hops the socket peer and the N-1 entries before it are proxies, so the client
 * is the N-th entry from the right of X-Forwarded-For. This assumes the server is
 * reachable only through the proxy; otherwise list the proxy's addresses instead.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
