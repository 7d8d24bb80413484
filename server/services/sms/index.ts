import { createConsoleSmsProvider, type ConsoleSmsProvider } from './console-provider';
import { createHttpSmsProvider } from './http-provider';
import type { SmsProvider } from './sms-provider';

export type { OutboxEntry, SmsMessage, SmsProvider } from './sms-provider';
export { createConsoleSmsProvider, type ConsoleSmsProvider } from './console-provider';

export interface SmsSettings {
  /** 'console' (default) or 'http' */
  provider: string;
  httpUrl: string | null;
  httpToken: string | null;
  nodeEnv: string;
}

/**
 * Why these SMS settings cannot run (one sentence for the operator), or null when they can. The console
 * provider prints every login code to the log, which in production anyone reading the log could use to sign in
 * as anyone: it is refused there unless SMS_CONSOLE_DEMO=1 says the server is a demo.
 */
export function smsConfigProblem(settings: Omit<SmsSettings, 'httpToken'> & { consoleDemo: boolean }): string | null {
  if (settings.provider === 'http') return settings.httpUrl ? null : 'SMS_PROVIDER=http needs SMS_HTTP_URL (the gateway to post messages to).';
  if (settings.provider !== 'console') return `SMS_PROVIDER=${settings.provider} names no SMS provider this server knows (console or http).`;
  if (settings.nodeEnv === 'production' && !settings.consoleDemo) {
    return 'SMS_PROVIDER=console is refused in production: it prints every login code to the log; set SMS_PROVIDER=http with SMS_HTTP_URL, or SMS_CONSOLE_DEMO=1 for a demo server.';
  }
  return null;
}

/** The provider SMS_PROVIDER names; the console one keeps a dev outbox outside production. */
export function createSmsProvider(settings: SmsSettings, log?: (line: string) => void): SmsProvider | ConsoleSmsProvider {
  if (settings.provider === 'http') {
    if (!settings.httpUrl) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return createHttpSmsProvider({ url: settings.httpUrl, token: settings.httpToken ?? undefined });
  }
  if (settings.provider !== 'console') throw new Error(`Unknown SMS_PROVIDER "${settings.provider}" (console or http)`);
  return createConsoleSmsProvider({ log, keepOutbox: settings.nodeEnv !== 'production' });
}

/** True for a console provider that keeps an outbox (never in production). */
export const hasOutbox = (provider: SmsProvider): provider is ConsoleSmsProvider =>
  'hasOutbox' in provider && (provider as ConsoleSmsProvider).hasOutbox;
