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
