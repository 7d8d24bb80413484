import { assertEvent, assign, fromPromise, sendTo, setup, spawnChild, stopChild, type ActorRefFrom, type AnyActorLogic, type AnyActorRef, type DoneActorEvent, type ErrorActorEvent, type PromiseActorLogic } from 'xstate';
import type { DataOf } from '@contract/api';
import { BOOT_STEPS } from '@contract/boot';
import type { Banner, Cart, ConversationList, Folder, Language, Shop, Slide, User } from '@contract/index';
import { DEFAULT_LANGUAGE } from '@contract/enums';
import { messageOf, retryAfterOf } from './api-failure';
import { authMachine, type AuthInput } from './auth-machine';
import { cartMachine, type CheckoutResume, type CheckoutTicket } from './cart-machine';
import { chatMachine, NO_UNREAD, type ChatInput } from './chat-machine';
import type { addressMachine } from './address-machine';
import { checkoutMachine, type CheckoutInput, type PlacedCheckout } from './checkout-machine';
import { itemOptionsMachine, type ItemOptionsInput } from './item-options-machine';
import { resourceMachine, type ResourceInput } from './resource-machine';
import { inSystem, SYSTEM_IDS } from './system';
import { notProvided } from './not-provided';
import { CLASSIFIEDS_INTERFACE } from '@contract/rules/ads';
import type { KnownAccessRequest } from '@contract/rules/access-request';
import { shopGate } from '@contract/rules/shop-access';

/** The startup steps in spec §4 order: the language, then the API's (contract/boot.ts); conversations run only for a logged-in user. */
export const STARTUP_STEPS = ['language', ...BOOT_STEPS.map((entry) => entry.step)] as const;
export type StartupStep = (typeof STARTUP_STEPS)[number];

type BootStepEntry = (typeof BOOT_STEPS)[number];
/** What each step loads: the language, and each API step its code's answer. */
type StepData = { language: Language } & { [E in BootStepEntry as E['step']]: DataOf<E['code']> };
/** The shop is asked in the language the first step found. */
type StepInput<S extends StartupStep> = S extends 'shop' ? { language: Language } : void;
/** Each step's effect, 'load <step>', provided by the composition root (or a test). */
export type StepLoaders = { [S in StartupStep as `load ${S}`]: PromiseActorLogic<StepData[S], StepInput<S>> };
const stepLoaders = Object.fromEntries(STARTUP_STEPS.map((step) => [`load ${step}`, fromPromise(notProvided(`load ${step}`))])) as StepLoaders;

type StepDone<S extends StartupStep> = { event: DoneActorEvent<StepData[S]> };
/** Where a step's answer may lead before the next step: maintenance (a shop in development), past the conversations (nobody logged in). */
type Detour<S extends StartupStep> = {
  target: string;
  guard: { type: 'shop is in development'; params: (args: StepDone<S>) => { shop: Shop } } | { type: 'user is logged in'; params: (args: StepDone<S>) => { user: User | null } };
};
/**
 * A startup step's state: its effect invoked (the invoke id is the step's name), its answer kept in
 * the context field of the same name, then `next`; `detours` come first (the shop in development,
 * an anonymous visitor past the conversations); a failure remembers the step.
 */
function startupStep<S extends StartupStep>(step: S, next: string, detours: readonly Detour<S>[] = []) {
  const store = { type: 'store step', params: ({ event }: StepDone<S>) => ({ step, data: event.output }) } as const;
  return {
    invoke: {
      id: step,
      src: `load ${step}` as const,
      onDone: [...detours.map((detour) => ({ ...detour, actions: store })), { target: next, actions: store }],
      onError: { target: '#app.failed', actions: { type: 'remember failure', params: ({ event }: { event: ErrorActorEvent }) => ({ step, error: event.error }) } as const },
    },
  };
}

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
  /** resumeAt: a reloaded checkout URL's step, resumed from what the server keeps for the cart */
  | { type: 'checkout.begin'; ticket: CheckoutTicket; resumeAt?: CheckoutResume | null }
  | { type: 'checkout.resume'; orderId: number; sepId: string }
  | { type: 'xstate.done.actor.checkout'; output: PlacedCheckout }
  | ({ type: 'screen.open' } & ScreenActorRequest)
  | { type: 'screen.close'; id: string }
  /** the chat heard that a conversation changed: the startup's list is read again */
  | { type: 'conversations.refresh' }
  /** the chat heard that the shop answered the access request: the user is read again (prices, or Access Denied by the route guard) */
  | { type: 'user.refresh' };

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
  const { delivery_methods, shift_data, branches, address_page_type } = shop as Shop;
  return { delivery_methods, shift_data, branch: branches[0]?.location ?? null, address_page_type };
};

/** The startup statechart (spec §4): loads language, shop, user, chat list, cart, slides, folders, banners, then is ready. */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    ...stepLoaders,
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
    /** A step's answer, in the context field named after the step. */
    'store step': assign((_, params: { step: StartupStep; data: StepData[StartupStep] }) => ({ [params.step]: params.data }) as Partial<AppContext>),
    'store conversations': assign((_, params: { conversations: ConversationList }) => ({ conversations: params.conversations })),
    // The same person read again (their access answered): their chat list stays.
    'store refreshed user': assign(({ context }, params: { user: User | null }) => (params.user && params.user.id === context.user?.id ? { user: params.user } : {})),
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
        return {
          orderId: event.ticket.order_id,
          shop: shopPart(context.shop),
          paymentTypes: event.ticket.payment_types,
          internalOrder: context.internalOrder,
          resumeAt: event.resumeAt ?? null,
        };
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
        language: startupStep('language', 'shop'),
        // The shop is asked in the language the first step found.
        shop: { invoke: { ...startupStep('shop', 'user', [{ guard: { type: 'shop is in development', params: ({ event }: { event: DoneActorEvent<Shop> }) => ({ shop: event.output }) }, target: '#app.maintenance' }]).invoke, input: ({ context }) => ({ language: context.language }) } },
        user: startupStep('user', 'cart', [{ guard: { type: 'user is logged in', params: ({ event }: { event: DoneActorEvent<User | null> }) => ({ user: event.output }) }, target: 'conversations' }]),
        conversations: startupStep('conversations', 'cart'),
        cart: startupStep('cart', 'slides'),
        slides: startupStep('slides', 'folders'),
        folders: startupStep('folders', 'banners'),
        banners: startupStep('banners', '#app.ready'),
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
        // The chat said the shop answered this user's access request: the user is read again; the route guard
        // then leads where the startup's check would (Access Denied for -1). A failure keeps the old user.
        refreshingUser: {
          invoke: {
            id: 'refreshUser',
            src: 'load user',
            onDone: { target: 'idle', actions: { type: 'store refreshed user', params: ({ event }) => ({ user: event.output }) } },
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
        'user.refresh': { guard: 'someone is logged in', target: '.refreshingUser' },
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

/** The shop shows its menu only (data.use_as_menu, issue 32): it has no cart, so the cart's pages show the menu's notice instead. */
export const isMenuOnly = (snapshot: { context: Pick<AppContext, 'shop'> }): boolean => snapshot.context.shop?.data.use_as_menu === 1;
/** A shop nobody buys from through a cart: a menu-only shop, or a classifieds shop (its ads are reached by chat). */
export const hasNoCart = (snapshot: { context: Pick<AppContext, 'shop'> }): boolean =>
  isMenuOnly(snapshot) || snapshot.context.shop?.interface_id === CLASSIFIEDS_INTERFACE;

type ShopAndUser = { context: Pick<AppContext, 'shop' | 'user'> };
/** Why the shop gates an anonymous visitor (contract/rules/shop-access.ts): the login page says it. */
export const selectShopGate = (snapshot: { context: Pick<AppContext, 'shop'> }): ReturnType<typeof shopGate> =>
  snapshot.context.shop ? shopGate(snapshot.context.shop) : null;
/** The signed-in account's latest access request at an access-request shop (null: none, or no such shop). */
export const selectAccessRequest = (snapshot: ShopAndUser): KnownAccessRequest | null =>
  snapshot.context.shop?.access_request === 1 ? (snapshot.context.user?.access_request ?? null) : null;
/** An access-request shop's signed-in customer the shop has not decided on (access_flag 0): the home links the request form. */
export const invitesAccessRequest = (snapshot: ShopAndUser): boolean => snapshot.context.shop?.access_request === 1 && snapshot.context.user?.access_flag === 0;
