/**
 * What a message says, by the provider's template it goes out with (Kavenegar's and SMS.ir's verify APIs send only
 * templates approved in their panels), and the values the template takes (templates.ts names them).
 */
export type SmsTemplate = 'login_code' | 'order_confirmed' | 'order_confirmed_for' | 'order_sent' | 'order_new' | 'access_approved' | 'access_denied';

/** One text message to one Iranian mobile (canonical 09… form): its text (the console's) and its template's values (a provider's). */
export interface SmsMessage {
  to: string;
  text: string;
  template: SmsTemplate;
  params: Record<string, string>;
}

/** Sends SMS. A provider throws SmsRefusedError when the provider said no (tried again, it says no again), any other error when it could not be asked. */
export interface SmsProvider {
  readonly name: string;
  /** whether this provider can send `template` (a real one: its template id is configured) */
  supports(template: SmsTemplate): boolean;
  send(message: SmsMessage): Promise<void>;
}

/** A real provider's settings: its key, its templates (SMS_TEMPLATE_*), another base URL (a test's double), its timeout. */
export interface RealProviderOptions {
  apiKey: string;
  templates: Partial<Record<SmsTemplate, string>>;
  url?: string;
  timeoutMs: number;
}

/** The provider refused the message (a bad key, template or receptor, no credit): not tried again. */
export class SmsRefusedError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${provider} refused the SMS (status ${status}): ${detail.slice(0, 200)}`);
    this.name = 'SmsRefusedError';
  }
}

/** The provider could not be asked or answered a fault of its own (timeout, network, 5xx, an unreadable answer): tried again. */
export class SmsUnavailableError extends Error {
  constructor(provider: string, detail: string) {
    super(`${provider} could not take the SMS: ${detail.slice(0, 200)}`);
    this.name = 'SmsUnavailableError';
  }
}

/** A message kept by the console provider's dev outbox. */
export interface OutboxEntry {
  to: string;
  text: string;
  sentAt: string;
}
