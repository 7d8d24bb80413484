import type { Repositories } from '../../../repositories';
import type { PaymentGateway } from '../gateway';
import { ZarinpalCode, ZarinpalRefusal, zarinpalPost } from './client';
import type { ZarinpalOptions } from './options';

export const ZARINPAL = 'zarinpal';

/** The customer's way back: our callback with the token (the SPA verifies it as sep_id); Zarinpal adds Authority and Status. */
function callbackOf(origin: string | undefined, callbackUrl: string, token: string): string {
  if (!origin) throw new Error('zarinpal: no origin to build an absolute callback_url');
  return `${origin}${callbackUrl}?${new URLSearchParams({ sep_id: token }).toString()}`;
}

/**
 * Zarinpal v4 (docs/server.md, "Payment gateways"): request.json gives an authority (payments.gateway_ref) and the
 * customer pays at StartPay/{authority}; verify.json decides, with the authority we stored for this customer's
 * attempt — never one read from the return's query — so a return cannot verify another payment. 101 (verified before)
 * is paid as 100 is: a second return or a job asking again captures nothing twice. A wrong amount (-50) is refused and
 * the money given back at once (reverse.json; Zarinpal also returns an unverified payment by itself). Refunds go
 * through refund.json with the panel's access token.
 */
export function createZarinpalGateway(options: ZarinpalOptions): PaymentGateway {
  const merchantOf = async (repos: Repositories): Promise<string> => {
    const own = await repos.gatewayAccounts.of(ZARINPAL);
    const merchant = own?.merchantId ?? options.merchantId;
    if (!merchant) throw new Error('zarinpal: no merchant id (ZARINPAL_MERCHANT_ID or the shop account)');
    return merchant;
  };
  return {
    name: ZARINPAL,
    async request(repos, payment) {
      const answer = await zarinpalPost(options, '/pg/v4/payment/request.json', {
        merchant_id: await merchantOf(repos),
        amount: payment.amount,
        currency: 'IRR',
        callback_url: callbackOf(payment.origin, payment.callbackUrl, payment.token),
        description: payment.merchant,
        metadata: { order_id: payment.token },
      });
      const authority = answer.data.authority;
      if (answer.code !== ZarinpalCode.success || typeof authority !== 'string' || authority === '') throw new ZarinpalRefusal('request', answer.code, answer.message);
      return { redirectUrl: `${options.baseUrl}/pg/StartPay/${encodeURIComponent(authority)}`, gatewayRef: authority };
    },
    async verify(repos, payment) {
      if (payment.gatewayRef === null) return { outcome: 'failed', refId: null };
      const merchant = await merchantOf(repos);
      const answer = await zarinpalPost(options, '/pg/v4/payment/verify.json', { merchant_id: merchant, amount: payment.amount, authority: payment.gatewayRef });
      if (answer.code === ZarinpalCode.success || answer.code === ZarinpalCode.alreadyVerified) {
        return { outcome: 'paid', refId: answer.data.ref_id === undefined ? null : String(answer.data.ref_id) };
      }
      if (answer.code === ZarinpalCode.amountMismatch) {
        // Paid, but not what we asked: never kept. A reverse that fails is left to Zarinpal's own return of unverified money.
        await zarinpalPost(options, '/pg/v4/payment/reverse.json', { merchant_id: merchant, authority: payment.gatewayRef }).catch(() => undefined);
        return { outcome: 'failed', refId: null };
      }
      return { outcome: answer.code === ZarinpalCode.unsuccessful ? 'canceled' : 'failed', refId: null };
    },
    async refund(repos, payment) {
      if (payment.gatewayRef === null) throw new Error(`zarinpal: payment ${payment.token} has no authority to refund`);
      const answer = await zarinpalPost(
        options,
        '/pg/v4/payment/refund.json',
        { merchant_id: await merchantOf(repos), authority: payment.gatewayRef, amount: payment.amount, description: 'order canceled', method: 'CARD', reason: 'CUSTOMER_REQUEST' },
        options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {},
      );
      if (answer.code !== ZarinpalCode.success) throw new ZarinpalRefusal('refund', answer.code, answer.message);
      return { providerRef: answer.data.ref_id === undefined ? null : String(answer.data.ref_id) };
    },
  };
}
