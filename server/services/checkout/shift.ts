/** The delivery-time rules live in the contract so the checkout machine and the server agree. */
export { checkDeliveryTime, tehranClock, withinHours, type DeliveryTimeCheck, type ShiftHours } from '@contract/rules/delivery-time';
