/*
 * Who a live event is for, as a string key (live_events.audience, the LIVE_EVENT topic's
 * payload, the hub's map). Every key names its shop, so an event never reaches another shop's
 * long-poll, also when a customer of a brand polls at one of its branches.
 */

/** One customer at one shop: their support chat, their conversations. */
export const customerAudience = (shopId: number, userId: number): string => `shop:${shopId}:user:${userId}`;

/** Every customer of a shop: its public messages. */
export const publicAudience = (shopId: number): string => `shop:${shopId}:public`;

/** The shop's staff (the operator console's inbox). */
export const staffAudience = (shopId: number): string => `shop:${shopId}:staff`;

/** The audiences a signed-in customer's long-poll at `shopId` listens to. */
export const customerAudiences = (shopId: number, userId: number): [string, string] => [customerAudience(shopId, userId), publicAudience(shopId)];
