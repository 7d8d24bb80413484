import { customerEndpoints } from './endpoints/customers';
import { inboxEndpoints } from './endpoints/inbox';
import { orderEndpoints } from './endpoints/orders';
import { staffEndpoints } from './endpoints/staff';

/**
 * The codes the console calls from its first screen on, whatever screen is open: the login, the charts that live
 * with it (the inbox and the staff's live channel, the orders board, the access requests behind the navigation's
 * badge) and the wallet top-ups beside them. Their schemas are in the console's entry.
 */
export const alwaysEndpoints = {
  ...staffEndpoints,
  ...inboxEndpoints,
  ...orderEndpoints,
  ...customerEndpoints,
} as const;
