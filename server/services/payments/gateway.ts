import type { Repositories } from '../../repositories';

export interface PaymentRequest {
  /** our payment token; the callback brings it back as sep_id */
  token: string;
  /** rial */
  amount: number;
  /** shop slug, shown on the bank page */
  merchant: string;
  /** where the bank sends the customer afterwards (same host, relative URL) */
  callbackUrl: string;
  /** scheme://host the customer placed the order at: a gateway on another server sends them back to origin + callbackUrl */
  origin?: string;
}

/** One attempt as verify and refund see it: our token, the rial asked, and the provider's own id of it (payments.gateway_ref; null for the sandbox). */
export interface PaymentAttempt {
  token: string;
  amount: number;
  gatewayRef: string | null;
}

export type VerifyOutcome = 'paid' | 'canceled' | 'failed' | 'waiting';

/**
 * A payment gateway: request -> the customer is redirected to the bank ->
 * the bank calls back -> we verify server-side. Only `verify` decides that money arrived.
 * `repos` are the caller's, in its transaction: the sandbox keeps its ledger through them; a bank on another server ignores them.
 */
export interface PaymentGateway {
  readonly name: string;
  /** `gatewayRef`: the provider's id of the attempt (Zarinpal's authority, a Checkout Session's id), kept with the payment. */
  request(repos: Repositories, payment: PaymentRequest): Promise<{ redirectUrl: string; gatewayRef?: string }>;
  verify(repos: Repositories, payment: PaymentAttempt): Promise<{ outcome: VerifyOutcome; refId: string | null }>;
  /**
   * Gives back `amount` of a verified payment (a staff cancel, docs/orders.md). Idempotent per token: asked again for the
   * same token the bank refunds nothing more, so a retry after our transaction failed refunds once. Throws when the
   * bank cannot be asked or refuses (the caller's transaction rolls back: 503, nothing written).
   */
  refund(repos: Repositories, payment: PaymentAttempt): Promise<void>;
}
