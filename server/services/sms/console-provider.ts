import type { OutboxEntry, SmsMessage, SmsProvider } from './sms-provider';

const OUTBOX_LIMIT = 200;

/** The default provider: logs each message and, when `keepOutbox`, keeps the last ones for GET /dev/sms-outbox. */
export function createConsoleSmsProvider(options: { log?: (line: string) => void; keepOutbox: boolean; clock?: () => Date }) {
  const outbox: OutboxEntry[] = [];
  const clock = options.clock ?? (() => new Date());
  const provider: SmsProvider & { outbox: (phone: string) => OutboxEntry[]; hasOutbox: boolean } = {
    name: 'console',
    hasOutbox: options.keepOutbox,
    // The text of every template is the server's own: nothing to configure.
    supports: () => true,
    async send(message: SmsMessage) {
      options.log?.(`SMS to ${message.to}: ${message.text}`);
      if (!options.keepOutbox) return;
      outbox.push({ to: message.to, text: message.text, sentAt: clock().toISOString() });
      if (outbox.length > OUTBOX_LIMIT) outbox.shift();
    },
    /** Messages to `phone`, newest first. */
    outbox: (phone: string) => outbox.filter((entry) => entry.to === phone).reverse(),
  };
  return provider;
}
export type ConsoleSmsProvider = ReturnType<typeof createConsoleSmsProvider>;
