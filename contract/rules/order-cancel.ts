import { transitionFor } from './order-lifecycle';

/*
 * Which orders a customer may cancel (update_status_order): only one the store has not confirmed
 * yet (the lifecycle table's customer cancel). The order's chart offers cancel by it and the server refuses any other change by it.
 */

/** Whether the customer may cancel an order in `status`. */
export const customerMayCancel = (status: number): boolean => transitionFor(status, 'cancel', 'customer') !== null;
