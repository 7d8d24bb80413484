import { createConsoleSmsProvider, type ConsoleSmsProvider } from './console-provider';
import { createKavenegarProvider } from './kavenegar-provider';
import { createSmsirProvider } from './smsir-provider';
import type { SmsProvider, SmsTemplate } from './sms-provider';
import { SMS_TEMPLATES } from './templates';

export type { OutboxEntry, SmsMessage, SmsProvider, SmsTemplate } from './sms-provider';
export { SmsRefusedError, SmsUnavailableError } from './sms-provider';
export { createConsoleSmsProvider, type ConsoleSmsProvider } from './console-provider';

export const SMS_PROVIDERS = ['console', 'kavenegar', 'smsir'] as const;

/** How long a provider is given to answer one message (SMS_TIMEOUT_MS): a login waits for its first try. */
export const SMS_TIMEOUT_MS = 5_000;

export interface SmsSettings {
  /** SMS_PROVIDER: 'console' (default), 'kavenegar' or 'smsir' */
  provider: string;
  /** SMS_API_KEY: the real provider's key */
  apiKey: string | null;
  /** SMS_API_URL: the real provider's base URL (a test's double); null: the provider's own */
  apiUrl: string | null;
  /** SMS_TEMPLATE_*: the provider's template (a name at Kavenegar, a numeric id at SMS.ir) per message */
  templates: Partial<Record<SmsTemplate, string>>;
  timeoutMs: number;
}

/**
 * Why these SMS settings cannot run (one sentence for the operator), or null when they can. A real provider needs its
 * key and the login code's template (the other templates are optional: a message without one is not sent); SMS.ir's
 * templates are numeric ids. The console provider prints every login code to the log, which in production anyone
 * reading the log could use to sign in as anyone: it is refused there unless SMS_CONSOLE_DEMO=1 says it is a demo.
 */
export function smsConfigProblem(settings: SmsSettings & { nodeEnv: string; consoleDemo: boolean }): string | null {
  const { provider } = settings;
  if (provider === 'kavenegar' || provider === 'smsir') {
    const missing = [!settings.apiKey && 'SMS_API_KEY', !settings.templates.login_code && SMS_TEMPLATES.login_code.env].filter(Boolean);
    if (missing.length > 0) return `SMS_PROVIDER=${provider} needs ${missing.join(' and ')} (the provider's API key and the login code's template).`;
    if (provider === 'smsir') {
      const notIds = Object.entries(settings.templates).filter(([, id]) => !/^\d+$/.test(id)).map(([name]) => SMS_TEMPLATES[name as SmsTemplate].env);
      if (notIds.length > 0) return `SMS_PROVIDER=smsir takes numeric template ids: ${notIds.join(', ')} ${notIds.length > 1 ? 'are' : 'is'} not.`;
    }
    if (settings.apiUrl && !/^https?:\/\//.test(settings.apiUrl)) return `SMS_API_URL must be an http(s) URL, got ${settings.apiUrl}.`;
    return null;
  }
  if (provider !== 'console') return `SMS_PROVIDER=${provider} names no SMS provider this server knows (${SMS_PROVIDERS.join(', ')}).`;
  if (settings.nodeEnv === 'production' && !settings.consoleDemo) {
    return (
      'SMS_PROVIDER=console is refused in production: it prints every login code to the log; ' +
      'set SMS_PROVIDER=kavenegar or smsir with SMS_API_KEY and SMS_TEMPLATE_LOGIN, or SMS_CONSOLE_DEMO=1 for a demo server.'
    );
  }
  return null;
}

/** The provider SMS_PROVIDER names; the console one keeps a dev outbox outside production. */
export function createSmsProvider(settings: SmsSettings & { nodeEnv: string }, log?: (line: string) => void): SmsProvider | ConsoleSmsProvider {
  const real = { apiKey: settings.apiKey ?? '', templates: settings.templates, url: settings.apiUrl ?? undefined, timeoutMs: settings.timeoutMs };
  if (settings.provider === 'kavenegar') return createKavenegarProvider(real);
  if (settings.provider === 'smsir') return createSmsirProvider(real);
  if (settings.provider !== 'console') throw new Error(`Unknown SMS_PROVIDER "${settings.provider}" (${SMS_PROVIDERS.join(', ')})`);
  return createConsoleSmsProvider({ log, keepOutbox: settings.nodeEnv !== 'production' });
}

/** True for a console provider that keeps an outbox (never in production). */
export const hasOutbox = (provider: SmsProvider): provider is ConsoleSmsProvider =>
  'hasOutbox' in provider && (provider as ConsoleSmsProvider).hasOutbox;
