import { assertEvent, assign, fromPromise, sendTo, setup, spawnChild, stopChild, type ActorRefFrom, type AnyActorLogic, type AnyActorRef } from 'xstate';
import type { Banner, Cart, ConversationList, Folder, Language, Shop, Slide, User } from '@contract/index';
import { DEFAULT_LANGUAGE } from '@contract/index';
import { messageOf, retryAfterOf } from './api-failure';
import { authMachine, type AuthInput } from './auth-machine';
import { cartMachine, type CheckoutTicket } from './cart-machine';
import { chatMachine, NO_UNREAD, type ChatInput } from './chat-machine';
import type { addressMachine } from './address-machine';
import { checkoutMachine, type CheckoutInput, type PlacedCheckout } from './checkout-machine';
import { itemOptionsMachine, type ItemOptionsInput } from './item-options-machine';
import { resourceMachine, type ResourceInput } from './resource-machine';
import { inSystem, SYSTEM_IDS } from './system';
import { notProvided } from './not-provided';

/** The startup steps in spec §4 order; conversations run only for a logged-in user. */
export const STARTUP_STEPS = ['language', 'shop', 'user', 'conversations', 'cart', 'slides', 'folders', 'banners'] as const;
export type StartupStep = (typeof STARTUP_STEPS)[number];

export interface StartupFailure {
  step: StartupStep;
  message: string;
  /** set for a temporary outage (a 503): the machine retries by itself after this many seconds */
  retryInSeconds?: number;
}

/** The longest wait between automatic retries of a temporary outage. */
export const MAX_RETRY_SECONDS = 60;

export interface AppContext {
  language: Language;
  shop: Shop | null;
  user: User | null;
  conversations: ConversationList | null;
  /** the cart as the startup loaded it, until the cart actor takes it over (then null: the cart actor owns it) */
  cart: Cart | null;
  slides: Slide[];
  folders: Folder[];
  banners: Banner[];
  failure: StartupFailure | null;
  /** the order the last checkout placed (the thank-you page reads it) */
  placedOrder: PlacedCheckout | null;
  /** the bank's sep_id of the return being verified, so a second look at the same return does not restart it */
  resumedSepId: string | null;
  /** automatic retries since the last successful start, for the backoff */
  retries: number;
  /** the visit came in the shop or by its QR code (/splash?internal_order=1): the checkout places internal orders */
  internalOrder: boolean;
}

/**
 * Actors a screen opens for as long as it shows (a page's data, an item's options), as children of the app.
 * A 'flow' brings its own logic, loaded with its screen (the branch choice, a questionnaire), so the
 * entry chunk does not carry charts that only one screen runs.
 */
export type ScreenActorRequest =
  | { id: string; src: 'resource'; input: ResourceInput }
  | { id: string; src: 'itemOptions'; input: ItemOptionsInput }
  | { id: string; src: 'flow'; logic: AnyActorLogic; input: unknown };

export type AppEvent =
  | { type: 'app.retry' }
  | { type: 'language.change'; language: Language }
  /** /splash?internal_order=1 (or a tab that came so before a reload): this visit's orders are in-store orders */
  | { type: 'visit.internal' }
  | { type: 'session.update'; user: User | null }
  | { type: 'favorites.update'; favorites: number[] }
  | { type: 'checkout.begin'; ticket: CheckoutTicket }
  | { type: 'checkout.resume'; orderId: number; sepId: string }
  | { type: 'xstate.done.actor.checkout'; output: PlacedCheckout }
  | ({ type: 'screen.open' } & ScreenActorRequest)
  | { type: 'screen.close'; id: string }
  /** the chat heard that a conversation changed: the startup's list is read again */
  | { type: 'conversations.refresh' };

/** The context before any step has run. */
export const initialAppContext: AppContext = {
  language: DEFAULT_LANGUAGE,
  shop: null,
  user: null,
  conversations: null,
  cart: null,
  slides: [],
  folders: [],
  banners: [],
  failure: null,
  placedOrder: null,
  resumedSepId: null,
  retries: 0,
  internalOrder: false,
};

/** What the checkout needs of the shop (the app is ready, so the shop is known). */
const shopPart = (shop: Shop | null): CheckoutInput['shop'] => {
  const { delivery_methods, shift_data, branches } = shop as Shop;
  return { delivery_methods, shift_data, branch: branches[0]?.location ?? null };
};

/** The startup statechart (spec §4): loads language, shop, user, chat list, cart, slides, folders, banners, then is ready. */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    'load language': fromPromise<Language, void>(notProvided('load language')),
    'load shop': fromPromise<Shop, { language: Language }>(notProvided('load shop')),
    'load user': fromPromise<User | null, void>(notProvided('load user')),
    'load conversations': fromPromise<ConversationList, void>(notProvided('load conversations')),
    'load cart': fromPromise<Cart, void>(notProvided('load cart')),
    'load slides': fromPromise<Slide[], void>(notProvided('load slides')),
    'load folders': fromPromise<Folder[], void>(notProvided('load folders')),
    'load banners': fromPromise<Banner[], void>(notProvided('load banners')),
    cart: cartMachine,
    session: authMachine,
    chat: chatMachine,
    checkout: checkoutMachine,
    resource: resourceMachine,
    itemOptions: itemOptionsMachine,
  },
  delays: {
    'outage retry': ({ context }) => (context.failure?.retryInSeconds ?? 0) * 1000,
  },
  guards: {
    'failure is temporary': ({ context }) => context.failure?.retryInSeconds !== undefined,
    'shop is in development': (_, params: { shop: Shop }) => params.shop.state_of_development === 1,
    'user is logged in': (_, params: { user: User | null }) => params.user !== null,
    'someone is logged in': ({ context }) => context.user !== null,
    'return is new': ({ context, event }) => event.type === 'checkout.resume' && event.sepId !== context.resumedSepId,
  },
  actions: {
    'store language': assign((_, params: { language: Language }) => ({ language: params.language })),
    'store shop': assign((_, params: { shop: Shop }) => ({ shop: params.shop })),
    'store user': assign((_, params: { user: User | null }) => ({ user: params.user })),
    'store conversations': assign((_, params: { conversations: ConversationList }) => ({ conversations: params.conversations })),
    'store cart': assign((_, params: { cart: Cart }) => ({ cart: params.cart })),
    'store slides': assign((_, params: { slides: Slide[] }) => ({ slides: params.slides })),
    'store folders': assign((_, params: { folders: Folder[] }) => ({ folders: params.folders })),
    'store banners': assign((_, params: { banners: Banner[] }) => ({ banners: params.banners })),
    'remember failure': assign(({ context }, params: { step: StartupStep; error: unknown }) => {
      const wait = retryAfterOf(params.error);
      const failure: StartupFailure = { step: params.step, message: messageOf(params.error) };
      // A temporary outage is retried with exponential backoff from the server's Retry-After.
      if (wait !== null) failure.retryInSeconds = Math.min(wait * 2 ** context.retries, MAX_RETRY_SECONDS);
      return { failure };
    }),
    'forget failure': assign({ failure: null }),
    'count retry': assign(({ context }) => ({ retries: context.retries + 1 })),
    'reset retries': assign({ retries: 0 }),
    'change language': assign(({ event }) => {
      assertEvent(event, 'language.change');
      return { language: event.language };
    }),
    'update session': assign(({ event }) => {
      assertEvent(event, 'session.update');
      // Another person's chat list must not outlive a logout or account switch.
      return { user: event.user, conversations: null };
    }),
    'update favorites': assign(({ context, event }) => {
      assertEvent(event, 'favorites.update');
      return context.user ? { user: { ...context.user, favorites: event.favorites } } : {};
    }),
    'start cart': spawnChild('cart', { id: SYSTEM_IDS.cart, systemId: SYSTEM_IDS.cart, input: ({ context }) => ({ cart: context.cart }) }),
    'start chat': spawnChild('chat', {
      id: SYSTEM_IDS.chat,
      systemId: SYSTEM_IDS.chat,
      input: ({ context }): ChatInput => ({ unread: context.conversations ? { ...NO_UNREAD, conversations: context.conversations.unread_count } : null }),
    }),
    // The chat polls only for a logged-in user; told at ready and at every login and logout.
    'tell chat who is logged in': sendTo(inSystem('chat'), ({ context }) => (context.user ? { type: 'chat.login' as const } : { type: 'chat.logout' as const })),
    'start session': spawnChild('session', {
      id: SYSTEM_IDS.session,
      systemId: SYSTEM_IDS.session,
      input: ({ context }): AuthInput => ({ user: context.user }),
    }),
    'hand the cart over': assign({ cart: null }),
    'remember return': assign(({ event }) => {
      assertEvent(event, 'checkout.resume');
      return { resumedSepId: event.sepId };
    }),
    'store placed order': assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkout');
      return { placedOrder: event.output };
    }),
    'mark the visit internal': assign({ internalOrder: true }),
    /** provided by the composition root: the tab remembers the in-store visit across reloads */
    'persist internal visit': () => {},
    /** provided by the composition root: the thank-you page of the placed order */
    'show placed order': () => {},
    'end checkout': stopChild(SYSTEM_IDS.checkout),
    'start checkout': spawnChild('checkout', {
      id: SYSTEM_IDS.checkout,
      systemId: SYSTEM_IDS.checkout,
      input: ({ context, event }): CheckoutInput => {
        assertEvent(event, 'checkout.begin');
        return { orderId: event.ticket.order_id, shop: shopPart(context.shop), paymentTypes: event.ticket.payment_types, internalOrder: context.internalOrder };
      },
    }),
    'resume checkout': spawnChild('checkout', {
      id: SYSTEM_IDS.checkout,
      systemId: SYSTEM_IDS.checkout,
      input: ({ context, event }): CheckoutInput => {
        assertEvent(event, 'checkout.resume');
        return { orderId: event.orderId, shop: shopPart(context.shop), paymentTypes: [], returning: { sepId: event.sepId }, internalOrder: context.internalOrder };
      },
    }),
    'open screen actor': assign(({ event, spawn }) => {
      assertEvent(event, 'screen.open');
      if (event.src === 'resource') spawn('resource', { id: event.id, systemId: event.id, input: event.input });
      else if (event.src === 'itemOptions') spawn('itemOptions', { id: event.id, systemId: event.id, input: event.input });
      // Inline logic takes no child id: the systemId finds it (and 'close screen actor' stops it by that).
      else spawn(event.logic, { systemId: event.id, input: event.input });
      return {};
    }),
    'close screen actor': stopChild(({ event, system }) => {
      assertEvent(event, 'screen.close');
      return (system.get(event.id) as AnyActorRef | undefined) ?? event.id;
    }),
    'persist language': () => {
      throw new Error("'persist language' not provided");
    },
  },
}).createMachine({
  id: 'app',
  context: initialAppContext,
  initial: 'starting',
  on: {
    'language.change': { actions: ['change language', 'persist language'] },
    'visit.internal': { actions: ['mark the visit internal', 'persist internal visit'] },
  },
  states: {
    starting: {
      initial: 'language',
      states: {
        language: {
          invoke: {
            id: 'language',
            src: 'load language',
            onDone: {
              target: 'shop',
              actions: { type: 'store language', params: ({ event }) => ({ language: event.output }) },
            },
            onError: {
              target: '#app.failed',
              actions: { type: 'remember failure', params: ({ event }) => ({ step: 'language', error: event.error }) },
            },
          },
        },
        shop: {
          invoke: {
            id: 'shop',
            src: 'load shop',
            input: ({ context }) => ({ language: context.language }),
            onDone: [
              {
                guard: { type: 'shop is in development', params: ({ event }) => ({ shop: event.output }) },
                target: '#app.maintenance',
                actions: { type: 'store shop', params: ({ event }) => ({ shop: event.output }) },
              },
              {
                target: 'user',
                actions: { type: 'store shop', params: ({ event }) => ({ shop: event.output }) },
              },
            ],
            onError: {
              target: '#app.failed',
              actions: { type: 'remember failure', params: ({ event }) => ({ step: 'shop', error: event.error }) },
            },
          },
        },
        user: {
          invoke: {
            id: 'user',
            src: 'load user',
            onDone: [
              {
                guard: { type: 'user is logged in', params: ({ event }) => ({ user: event.output }) },
                target: 'conversations',
                actions: { type: 'store user', params: ({ event }) => ({ user: event.output }) },
              },
              {
                target: 'cart',
                actions: { type: 'store user', params: ({ event }) => ({ user: event.output }) },
              },
            ],
            onError: {
              target: '#app.failed',
              actions: { type: 'remember failure', params: ({ event }) => ({ step: 'user', error: event.error }) },
            },
          },
        },
        conversations: {
          invoke: {
            id: 'conversations',
            src: 'load conversations',
            onDone: {
              target: 'cart',
              actions: { type: 'store conversations', params: ({ event }) => ({ conversations: event.output }) },
            },
            onError: {
              target: '#app.failed',
              actions: { type: 'remember failure', params: ({ event }) => ({ step: 'conversations', error: event.error }) },
            },
          },
        },
        cart: {
          invoke: {
            id: 'cart',
            src: 'load cart',
            onDone: {
              target: 'slides',
              actions: { type: 'store cart', params: ({ event }) => ({ cart: event.output }) },
            },
            onError: {
              target: '#app.failed',
              actions: { type: 'remember failure', params: ({ event }) => ({ step: 'cart', error: event.error }) },
            },
          },
        },
        slides: {
          invoke: {
            id: 'slides',
            src: 'load slides',
            onDone: {
              target: 'folders',
              actions: { type: 'store slides', params: ({ event }) => ({ slides: event.output }) },
            },
            onError: {
              target: '#app.failed',
              actions: { type: 'remember failure', params: ({ event }) => ({ step: 'slides', error: event.error }) },
            },
          },
        },
        folders: {
          invoke: {
            id: 'folders',
            src: 'load folders',
            onDone: {
              target: 'banners',
              actions: { type: 'store folders', params: ({ event }) => ({ folders: event.output }) },
            },
            onError: {
              target: '#app.failed',
              actions: { type: 'remember failure', params: ({ event }) => ({ step: 'folders', error: event.error }) },
            },
          },
        },
        banners: {
          invoke: {
            id: 'banners',
            src: 'load banners',
            onDone: {
              target: '#app.ready',
              actions: { type: 'store banners', params: ({ event }) => ({ banners: event.output }) },
            },
            onError: {
              target: '#app.failed',
              actions: { type: 'remember failure', params: ({ event }) => ({ step: 'banners', error: event.error }) },
            },
          },
        },
        // Retry resumes at the step that failed, so earlier steps are not repeated.
        resume: { type: 'history', history: 'shallow' },
      },
    },
    failed: {
      after: {
        'outage retry': { guard: 'failure is temporary', target: 'starting.resume', actions: ['forget failure', 'count retry'] },
      },
      on: {
        'app.retry': { target: 'starting.resume', actions: 'forget failure' },
      },
    },
    maintenance: {
      on: {
        'app.retry': { target: 'starting.shop' },
      },
    },
    // The long-lived flows start as children of the app: the cart (with the startup's cart) and the session.
    ready: {
      entry: ['reset retries', 'start cart', 'start session', 'start chat', 'tell chat who is logged in', 'hand the cart over'],
      initial: 'idle',
      states: {
        idle: {},
        // The chat said a conversation changed: the list is read again (a failure keeps the old one; the next change retries).
        refreshingConversations: {
          invoke: {
            id: 'refreshConversations',
            src: 'load conversations',
            onDone: { target: 'idle', actions: { type: 'store conversations', params: ({ event }) => ({ conversations: event.output }) } },
            onError: 'idle',
          },
        },
      },
      on: {
        // A new user's chat list is read at once (the old one is dropped by 'update session').
        'session.update': [
          {
            guard: { type: 'user is logged in', params: ({ event }) => ({ user: event.user }) },
            target: '.refreshingConversations',
            actions: ['update session', 'tell chat who is logged in'],
          },
          { target: '.idle', actions: ['update session', 'tell chat who is logged in'] },
        ],
        'conversations.refresh': { guard: 'someone is logged in', target: '.refreshingConversations' },
        // The same user's favorites changed (a heart toggled): the chat list stays.
        'favorites.update': { actions: 'update favorites' },
        // One checkout at a time: a new ticket or a return from the bank replaces the one under way.
        'checkout.begin': { actions: ['end checkout', 'start checkout'] },
        'checkout.resume': { guard: 'return is new', actions: ['end checkout', 'resume checkout', 'remember return'] },
        'xstate.done.actor.checkout': { actions: ['store placed order', 'show placed order'] },
        'screen.open': { actions: 'open screen actor' },
        'screen.close': { actions: 'close screen actor' },
      },
    },
  },
});

/** The actors of the app's system, by systemId, for `system.get` and `useSystemActor`. */
export interface SystemActors {
  app: ActorRefFrom<typeof appMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  session: ActorRefFrom<typeof authMachine>;
  chat: ActorRefFrom<typeof chatMachine>;
  checkout: ActorRefFrom<typeof checkoutMachine>;
  /** the checkout's address step while it shows (address-machine.ts) */
  addressBook: ActorRefFrom<typeof addressMachine>;
}
