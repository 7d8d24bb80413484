import { fromCallback, fromPromise } from 'xstate';
import type { RequestOf } from '@contract/api';
import type { DeliveryMethodValue, Language } from '@contract/enums';
import { BOOT_STEPS } from '@contract/boot';
import { appMachine, type StepLoaders } from '@machines/app-machine';
import { authMachine, type AuthStep, type Recalled } from '@machines/auth-machine';
import { cartMachine, type CartChange } from '@machines/cart-machine';
import { chatMachine } from '@machines/chat-machine';
import type { PollInput } from '@machines/long-poll';
import { addressMachine, type NewAddress } from '@machines/address-machine';
import { CHECKOUT_PATHS, checkoutMachine, type CheckoutContext, type CheckoutEvent, type PlaceOrderInput } from '@machines/checkout-machine';
import { resourceMachine, type ApiRequest } from '@machines/resource-machine';
import { call } from '@/api/client';
import { viaApi } from '@/api/failure';
import { applyLanguage } from '@/i18n/i18n';
import { provideFlows } from '@/ui/flows';
import { fromCode } from './from-code';
import { nextTask } from './next-task';
import { shareLanguage, storeLanguage } from '@/i18n/language-storage';
import type { BootBlock } from './boot-data';
import { BASENAME, type AppRouter } from './router';
import { rememberInternalVisit } from './internal-visit';
import { toastFailure } from '@/ui/failure-toast';
import { asFailure } from '@machines/api-failure';
import { devicePosition } from './device-position';
import { showNotice } from './notices';
import { SURVEY_SENT } from '@/ui/survey-sent';
import { forgetRef, rememberedRef } from './referral';
import { rememberBookmarkIntent } from './bookmark-intent';

/*
 * The composition root: every live effect of every chart, provided once, in
 * one tree. Machines name their effects; here they become API calls,
 * navigation and storage. Tests provide stubs for the same names instead.
 */

/**
 * The startup's API steps (contract/boot.ts), each answered from index.html's boot block the first
 * time when it holds the step (no round trip), else by its code, like fromCode; the shop is asked in
 * the language its step is given. Either way it is the same invoked actor, in spec §4's order.
 */
const fromBootOrCode = (boot: BootBlock) =>
  Object.fromEntries(
    BOOT_STEPS.map(({ step, code }) => [
      `load ${step}`,
      fromPromise(async ({ input }: { input: { language: Language } | undefined }) => {
        const booted = boot.take(step);
        if (booted === undefined) return viaApi(call(code, input ?? {}));
        // Each step in a task of its own: answered at once, the seven steps and the children they
        // start were one long task of the startup.
        await nextTask();
        return booted;
      }),
    ]),
  ) as Omit<StepLoaders, 'load language'>;

const STEP_PATHS: Record<AuthStep, string> = {
  login: '/authentication/login',
  verify: '/authentication/verify',
  register: '/authentication/register',
};
/** sessionStorage: a sent code (phone, resend deadline), the checkout left for the bank (a share link's code: referral.ts). */
const PENDING_CODE_KEY = 'storefront.login.pending';
const GATEWAY_KEY = 'storefront.checkout.gateway';

/** cart_controller's fields from the machine's change: option choices travel as JSON. */
function changeFields(change: CartChange): RequestOf<'cart_controller'> {
  if (change.operation !== 1) return change;
  const { newoptions, ...rest } = change;
  return { ...rest, ...(newoptions && newoptions.length > 0 ? { newoptions: JSON.stringify(newoptions) } : {}) };
}

const addressFields = (address: NewAddress) => ({
  label: address.label,
  address: address.address,
  ...(address.lat === null ? {} : { lat: address.lat }),
  ...(address.lng === null ? {} : { lng: address.lng }),
  city: address.city ?? '',
  postal_code: address.postal_code ?? '',
});

/** The phone and seconds left of a code sent before this page load, if any. */
function pendingCode(now = Date.now()): { phone: string; secondsLeft: number } | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(PENDING_CODE_KEY) ?? 'null') as { phone?: unknown; resendAt?: unknown } | null;
    if (!stored || typeof stored.phone !== 'string' || typeof stored.resendAt !== 'number') return null;
    return { phone: stored.phone, secondsLeft: Math.max(0, Math.ceil((stored.resendAt - now) / 1000)) };
  } catch {
    return null;
  }
}


const isAuthenticationPath = (path: string) => path.startsWith('/authentication');

/** The app machine with every live effect; `router` exists first, so navigation is provided once. */
export function liveAppMachine(router: AppRouter, boot: BootBlock) {
  const navigate = (path: string, options: { replace?: boolean; state?: unknown; flushSync?: boolean } = {}) => router.navigate(path, options);
  // The router's location carries the basename; navigation takes paths inside it.
  const here = () => {
    const { pathname, search } = router.state.location;
    return `${pathname.startsWith(BASENAME) ? pathname.slice(BASENAME.length) || '/' : pathname}${search}`;
  };
  /** A guest's bookmark, report or chat: to login, and back here after it. */
  const askToLogIn = () => void navigate(STEP_PATHS.login, { state: { from: here() } });
  /** Where the visitor was going: kept across the login steps in the history state. */
  const keptState = () => router.state.location.state as unknown;

  const liveCart = cartMachine.provide({
    actors: {
      'load cart': fromCode('get_cart', (_: void) => ({})),
      'change cart': fromCode('cart_controller', changeFields),
      'save comment': fromCode('save_comment', (input: { order_id: number; comment: string }) => input),
      'check cart': fromCode('order_controler', (input: { order_id: number }) => (input.order_id ? input : {})),
      'repeat order': fromCode('repeat_order', (input: { id: number }) => input),
    },
    actions: {
      // A resumed checkout's chart shows its own step.
      'go to checkout': (_, { resumed }) => {
        if (!resumed) void navigate('/cart');
      },
      'show cart': () => void navigate('/cart'),
      'leave a resumed checkout': (_, { resumed }) => {
        if (resumed) void navigate('/cart', { replace: true });
      },
    },
  });

  const liveSession = authMachine.provide({
    actors: {
      'send code': fromPromise(async ({ input }: { input: { phone: string } }) => {
        const sent = await viaApi(call('login', { phone_number: input.phone }));
        return { phone: sent.phone, resend_after: sent.resend_after };
      }),
      // A share link's referral code is spent once the visitor has an account.
      'check code': fromPromise(async ({ input }: { input: { code: string } }) => {
        const checked = await viaApi(call('check_verify_code', { verify_code: input.code }));
        if (checked.registered) forgetRef();
        return checked;
      }),
      register: fromPromise(async ({ input }: { input: { name: string; ref: string | null } }) => {
        const user = await viaApi(call('complete_register', { name: input.name, ...(input.ref ? { ref: input.ref } : {}) }));
        forgetRef();
        return user;
      }),
      'log out': fromPromise(async () => {
        await viaApi(call('logout', {}));
      }),
      // Rendered before it resolves (flushSync): the router renders its updates in a transition, and the page
      // being left must not see the logged-out user first (its guard would send the visitor to login).
      'go home': fromPromise(() => navigate('/', { replace: true, flushSync: true })),
      'recall login': fromPromise(async (): Promise<Recalled> => ({ ref: rememberedRef(window.location.search, Date.now()), pending: pendingCode() })),
    },
    actions: {
      'show step': (_, params) => void navigate(STEP_PATHS[params.step], { replace: params.step !== 'verify', state: keptState() }),
      'ask to log in': () => {
        const from = here();
        if (!isAuthenticationPath(from)) void navigate(STEP_PATHS.login, { state: { from } });
      },
      'remember code sent': (_, params) => sessionStorage.setItem(PENDING_CODE_KEY, JSON.stringify({ phone: params.phone, resendAt: Date.now() + params.secondsLeft * 1000 })),
      'forget code sent': () => sessionStorage.removeItem(PENDING_CODE_KEY),
    },
  });

  const liveAddressBook = addressMachine.provide({
    actors: {
      'load addresses': fromCode('get_addresses', (_: void) => ({})),
      'save address': fromCode('new_add_addreses', (input: NewAddress) => ({ id: 0, ...addressFields(input) })),
      'update address': fromCode('update_address', (input: { id: number; address: NewAddress }) => ({ id: input.id, ...addressFields(input.address) })),
      'delete address': fromCode('delete_address', (input: { id: number }) => input),
      locate: fromCode('get_location_data', (input: { lat: number; lng: number }) => input),
      'device position': fromPromise(() => devicePosition()),
    },
    actions: {
      notify: (_, notice) => showNotice(notice),
      'show address list': () => void navigate('/cart/address'),
    },
  });

  const liveCheckout = checkoutMachine.provide({
    actors: {
      'address book': liveAddressBook,
      'save delivery': fromCode('update_address_order', (input: { order_id: number; delivery_method: DeliveryMethodValue; address_id: number }) => input),
      'load bill': fromCode('wallet_operations', (input: { order_id: number }) => ({ order_id: input.order_id, operation: 0 })),
      'apply discount': fromCode('discount_compute', (input: { order_id: number; discount: string }) => input),
      'remove discount': fromCode('discount_compute', (input: { order_id: number }) => ({ ...input, remove: 1 })),
      'use wallet': fromCode('use_wallet', (input: { order_id: number }) => input),
      'release wallet': fromCode('none_use_wallet', (input: { order_id: number }) => input),
      'use gift': fromCode('use_wallet', (input: { order_id: number }) => ({ ...input, type: 'gift' as const })),
      'release gift': fromCode('none_use_wallet', (input: { order_id: number }) => ({ ...input, type: 'gift' as const })),
      'place order': fromCode('final_order', (input: PlaceOrderInput) => input),
      'verify payment': fromCode('get_sep', (input: { sep_id: string }) => input),
      // The checkout this tab left for the bank, taken once.
      'restore checkout': fromPromise(async () => {
        const stored = sessionStorage.getItem(GATEWAY_KEY);
        sessionStorage.removeItem(GATEWAY_KEY);
        return stored ? (JSON.parse(stored) as CheckoutContext) : null;
      }),
      // The browser's Back (or Forward) to a step's URL asks the chart to go there, one step at a time.
      'browser back': fromCallback<CheckoutEvent>(({ sendBack }) =>
        router.subscribe((state) => {
          if (state.action !== 'POP') return;
          const path = here().split('?')[0];
          if (path === CHECKOUT_PATHS.delivery) sendBack({ type: 'checkout.backTo', screen: 'delivery' });
          else if (path.startsWith(CHECKOUT_PATHS.address)) sendBack({ type: 'checkout.backTo', screen: 'address' });
          else if (path === CHECKOUT_PATHS.payment) sendBack({ type: 'checkout.forwardTo', screen: 'payment' });
        }),
      ),
    },
    actions: {
      notify: (_, { error }) => toastFailure(asFailure(error)),
      // Rendered at once (flushSync): the screen's gate must not see the chart's new screen under the old URL.
      'show screen': (_, { screen }) => {
        if (here().split('?')[0] !== CHECKOUT_PATHS[screen]) void navigate(CHECKOUT_PATHS[screen], { flushSync: true });
      },
      // The page is left for the bank: the checkout is kept so the return lands on its payment step.
      'open gateway': ({ context }) => {
        const url = context.placed?.redirect_url;
        if (!url) return;
        sessionStorage.setItem(GATEWAY_KEY, JSON.stringify(context));
        window.location.assign(url);
      },
    },
  });

  const liveResource = resourceMachine.provide({
    actors: {
      // A category or product page opened first finds its list or product in the boot block.
      call: fromPromise<unknown, ApiRequest>(({ input }) => {
        const booted = boot.takeScreenData(input.code, input.payload as Record<string, unknown>);
        return booted !== undefined ? Promise.resolve(booted) : viaApi(call(input.code, input.payload as never));
      }),
    },
    actions: { notify: (_, notice) => showNotice(notice) },
  });

  // Charts only one screen runs load with it (src/ui/flows.ts); their live effects are in live-flows.ts.
  provideFlows({
    branch: () => import('./live-flows').then((module) => module.liveBranch),
    // A sent survey's thanks are a page of their own, which only thanks after a survey was sent.
    questionnaire: () =>
      import('./live-flows').then((module) => module.liveQuestionnaire.provide({ actions: { 'show thanks': () => void navigate('/success-survey', { replace: true, state: SURVEY_SENT }) } })),
    supportChat: () => import('./live-flows').then((module) => module.liveSupportChat),
    messages: () => import('./live-flows').then((module) => module.liveMessages),
    order: () => import('./live-flows').then((module) => module.liveOrder),
    // Back from the bank, the wallet page's address drops the sep_id once verified: a reload does not ask again.
    walletCharge: () =>
      import('./live-flows').then((module) => module.liveWalletCharge.provide({ actions: { 'forget the return': () => void navigate('/profile/wallet', { replace: true }) } })),
    // The classifieds' screens: the list's filters live in the URL's query; a guest is sent to log in and back.
    adFinder: () =>
      import('./live-classifieds').then((module) =>
        module.liveAdFinder.provide({ actions: { 'show query': (_, { query }) => void navigate(`${here().split('?')[0]}${query ? `?${query}` : ''}`, { replace: true }), 'ask to log in': askToLogIn } }),
      ),
    adDetail: () =>
      import('./live-classifieds').then((module) =>
        module.liveAdDetail.provide({
          actions: {
            'ask to log in': askToLogIn,
            'ask to log in to bookmark': (_, { adId }) => {
              rememberBookmarkIntent(adId);
              askToLogIn();
            },
            'open chat': (_, { conversationId }) => void navigate(`/home-4/chat/${conversationId}`),
          },
        }),
      ),
    adBookmarks: () => import('./live-classifieds').then((module) => module.liveAdBookmarks),
    savedSearches: () => import('./live-classifieds').then((module) => module.liveSavedSearches),
    adConversation: () => import('./live-flows').then((module) => module.liveConversation),
    // Issue 31: a submitted ad waits for review in "my ads"; an ad's edit is the wizard on it.
    adWizard: () =>
      import('./live-ads-publishing').then((module) => module.liveAdWizard.provide({ actions: { 'show my ads': () => void navigate('/home-4/tejari/profile/my-ads', { replace: true }) } })),
    myAds: () =>
      import('./live-ads-publishing').then((module) => module.liveMyAds.provide({ actions: { 'open edit': (_, { adId }) => void navigate(`/home-4/edit/${adId}`) } })),
  });

  const liveChat = chatMachine.provide({
    actors: {
      // The held request is cancelled when the chart stops polling (logout, hidden tab).
      poll: fromPromise(({ input, signal }: { input: PollInput; signal: AbortSignal }) => viaApi(call('longpull', { count: input.count, wait: input.wait ? 1 : 0 }, { signal }))),
      'page signals': fromCallback(({ sendBack }) => {
        const visibility = () => sendBack({ type: document.hidden ? 'chat.hide' : 'chat.show' });
        const online = () => sendBack({ type: 'chat.reconnect' });
        visibility();
        document.addEventListener('visibilitychange', visibility);
        window.addEventListener('online', online);
        return () => {
          document.removeEventListener('visibilitychange', visibility);
          window.removeEventListener('online', online);
        };
      }),
    },
    // A matched ad's notice opens the ad.
    actions: { notify: (_, notice) => showNotice(notice, (path) => void navigate(path)) },
  });

  return appMachine.provide({
    actors: {
      // The language is known before any step runs (boot-data.ts): the stored choice, or the server's.
      // A choice stored before the cookie existed is shared now, so the next page's block matches it.
      'load language': fromPromise<Language, void>(async () => {
        shareLanguage(boot.language);
        return boot.language;
      }),
      ...fromBootOrCode(boot),
      cart: liveCart,
      session: liveSession,
      chat: liveChat,
      checkout: liveCheckout,
      resource: liveResource,
    },
    actions: {
      'persist language': ({ context }) => {
        storeLanguage(context.language);
        applyLanguage(context.language);
      },
      'persist internal visit': rememberInternalVisit,
      'show placed order': ({ context }) => void navigate(`/successful-payment/${context.placedOrder?.orderId ?? ''}`, { replace: true }),
    },
  });
}
