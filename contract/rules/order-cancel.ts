import { OrderStatus } from '../entities/order';

/*
 * Which orders a customer may cancel (update_status_order): only one the store has not confirmed
 * yet. The order's chart offers cancel by it and the server refuses any other change by it.
 */

/** Whether the customer may cancel an order in `status`. */
export const customerMayCancel = (status: number): boolean => status === OrderStatus.pending;
