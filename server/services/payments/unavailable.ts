import { isDatabaseUnavailable } from '../../db/unavailable';
import type { PaymentGateway } from './gateway';
import type { PaymentGateways } from './index';

/**
 * A bank that could not be asked (a timeout, a refused connection, an answer it could not give): the request's
 * transaction rolls back and the app answers 503 `gateway_unavailable` (app.ts), as for a database outage.
 */
export class GatewayUnavailableError extends Error {
  override readonly name = 'GatewayUnavailableError';
  constructor(gateway: string, cause: unknown) {
    super(`payment gateway ${gateway} could not be reached`, { cause });
  }
}

/** `gateway` with every call's failure as a GatewayUnavailableError, but our own database's outage (a gateway may read it). */
function guarded(gateway: PaymentGateway): PaymentGateway {
  const unavailable = (cause: unknown): never => {
    throw isDatabaseUnavailable(cause) ? cause : new GatewayUnavailableError(gateway.name, cause);
  };
  return {
    name: gateway.name,
    request: (repos, payment) => gateway.request(repos, payment).catch(unavailable),
    verify: (repos, payment) => gateway.verify(repos, payment).catch(unavailable),
    refund: (repos, payment) => gateway.refund(repos, payment).catch(unavailable),
  };
}

/** The server's gateways, each call of which fails as GatewayUnavailableError when its bank fails. */
export function guardedGateways(gateways: PaymentGateways): PaymentGateways {
  const offered = gateways.offered && guarded(gateways.offered);
  return {
    offered,
    find: (name) => {
      if (offered !== null && offered.name === name) return offered;
      const found = gateways.find(name);
      return found && guarded(found);
    },
  };
}
