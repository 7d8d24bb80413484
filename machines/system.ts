import type { ActorSystem, AnyActorRef } from 'xstate';

/**
 * The system ids of the long-lived actors. The app actor is the root; the
 * others are its children and find each other with `system.get(id)`.
 */
export const SYSTEM_IDS = {
  app: 'app',
  cart: 'cart',
  session: 'session',
  checkout: 'checkout',
  /** the live channel (chat-machine.ts), spawned by the app */
  chat: 'chat',
  /** the support chat while /support shows (support-chat-machine.ts): the chat appends live messages to it */
  supportChat: 'supportChat',
  /** public messages and conversations while /messages shows (messages-machine.ts): the chat tells it what changed */
  messages: 'messages',
  /** the order's page while it shows (order-machine.ts): the chat tells it the store changed an order */
  order: 'order',
  /** the active/previous orders list while it shows (a resource): the chat has it read again on an order's change */
  orders: 'orders',
  /** the wallet's page while it shows (a resource): the chat has it read again when the wallet changed */
  wallet: 'wallet',
  /** the publisher's "my ads" while it shows (classifieds/my-ads-machine.ts): the chat tells it a moderator changed an ad */
  myAds: 'myAds',
} as const;
export type SystemId = (typeof SYSTEM_IDS)[keyof typeof SYSTEM_IDS];

/** A `sendTo` target: the actor registered under `id` in the sender's system (undefined outside one). */
export const inSystem =
  (id: SystemId) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the system's actor map is not known here
  ({ system }: { system: ActorSystem<any> }): AnyActorRef =>
    system.get(id) as AnyActorRef;
