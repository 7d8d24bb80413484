import { resolve } from 'node:path';
import { defaultGatewayName, gatewayConfigProblem } from './services/payments';

/** A setting the server refuses to start with; main.ts prints its one-sentence message and exits non-zero. */
export class ConfigError extends Error {}

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
  /** PAYMENT_GATEWAY: the gateway of online payments; null = online payment not offered (production's default) */
  paymentGateway: string | null;
}

/** Reads the server's settings from the environment, with the documented defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const nodeEnv = env.NODE_ENV || 'development';
  const paymentGateway = env.PAYMENT_GATEWAY || defaultGatewayName(nodeEnv);
  const gatewayProblem = gatewayConfigProblem(paymentGateway, nodeEnv);
  if (gatewayProblem) throw new ConfigError(gatewayProblem);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: resolve(env.DATA_DIR || './data'),
    defaultShop: env.DEFAULT_SHOP || 'kebab',
    spaDir: resolve(env.SPA_DIR || 'dist/spa'),
    nodeEnv,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    sms: { provider: env.SMS_PROVIDER || 'console', httpUrl: env.SMS_HTTP_URL || null, httpToken: env.SMS_HTTP_TOKEN || null },
    paymentGateway,
  };
}
