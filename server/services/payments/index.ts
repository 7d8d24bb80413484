import type { PaymentGateway } from './gateway';
import { sandboxGateway } from './sandbox';

export type { PaymentGateway, PaymentRequest, VerifyOutcome } from './gateway';

/**
 * The gateways this server offers, by name. The sandbox is built in; a real
 * domestic gateway implements PaymentGateway and is added here (configured by env).
 */
const gateways: ReadonlyMap<string, PaymentGateway> = new Map([[sandboxGateway.name, sandboxGateway]]);

/** The gateway called `name`, or null. */
export const findGateway = (name: string): PaymentGateway | null => gateways.get(name) ?? null;
