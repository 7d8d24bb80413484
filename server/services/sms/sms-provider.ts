/** One text message to one Iranian mobile (canonical 09… form). */
export interface SmsMessage {
  to: string;
  text: string;
}

/** Sends SMS. A provider throws when the message could not be handed over. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** A message kept by the console provider's dev outbox. */
export interface OutboxEntry extends SmsMessage {
  sentAt: string;
}
