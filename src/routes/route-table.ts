import { INTERFACE_IDS } from '@contract/enums';
import type { InterfaceId } from '@contract/index';
import { COLLABORATE_INTERFACES } from '@contract/rules/forms';

/**
 * The complete route table of spec §2 as data. Paths are full (flattened) and
 * relative to the basename /order/v2, in React Router pattern syntax. The
 * order matters only between patterns that match the same path equally well
 * (e.g. '/home-4/chat' before '/home-4/chat/:id?'): the first one wins.
 */

/** open: anyone; login: a logged-in user; anonymous-only: the authentication group. */
export type Access = 'open' | 'login' | 'anonymous-only';

export type RouteId =
  | 'login'
  | 'verify'
  | 'register'
  | 'branch-list'
  | 'branch-list-detail'
  | 'branch'
  | 'branch2'
  | 'form'
  | 'access-denied'
  | 'access-request'
  | 'contact'
  | 'collaborate'
  | 'about-us'
  | 'magazine'
  | 'magazine-post'
  | 'product'
  | 'home'
  | 'digital'
  | 'home-redirect'
  | 'home-variant'
  | 'classifieds-detail'
  | 'classifieds-tejari-home'
  | 'classifieds-chat-list'
  | 'classifieds-chat'
  | 'classifieds-new'
  | 'classifieds-new-request'
  | 'classifieds-edit'
  | 'classifieds-profile'
  | 'classifieds-my-ads'
  | 'classifieds-bookmarks'
  | 'classifieds-tejari'
  | 'classifieds-about-us'
  | 'classifieds-privacy'
  | 'classifieds-roles'
  | 'classifieds-support'
  | 'information'
  | 'cat-level1'
  | 'cat'
  | 'search'
  | 'item'
  | 'support'
  | 'messages'
  | 'archive-orders'
  | 'archive-order-detail'
  | 'successful-payment'
  | 'profile'
  | 'profile-archive-orders'
  | 'profile-favorite'
  | 'profile-information'
  | 'profile-wallet'
  | 'cart'
  | 'cart-address'
  | 'cart-address-list'
  | 'cart-address-edit'
  | 'cart-address-post'
  | 'cart-address-add'
  | 'cart-address-add-detail'
  | 'cart-payment'
  | 'survey'
  | 'success-survey'
  | 'introduction'
  | 'gallery'
  | 'moremenu'
  | 'basket'
  | 'cart-items'
  | 'splash'
  | 'privacy'
  | 'rules'
  | 'not-found'
  /** no path: the screen of the { kind: 'maintenance' } decision */
  | 'maintenance';

export interface RouteEntry {
  id: RouteId;
  path: string;
  access: Access;
  /** allowed for a master shop */
  branchPage?: boolean;
  /** only these interfaces have it */
  interfaces?: readonly InterfaceId[];
  /** id/name params that must be given together or both be absent */
  pairedParams?: readonly (readonly [string, string])[];
  /** the home variant of this interface (/home-N) */
  homeOf?: InterfaceId;
  /** true when a screen exists for it; later issues flip it */
  built: boolean;
}

/** Path of the catch-all entry: anything no other entry matches. */
export const catchAllPath = '*';

const classifieds = [4] as const;

const open = (id: RouteId, path: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({ id, path, access: 'open', built: false, ...extra });
const login = (id: RouteId, path: string, extra: Partial<RouteEntry> = {}): RouteEntry => ({ id, path, access: 'login', built: false, ...extra });

export const routeTable: readonly RouteEntry[] = [
  // Authentication group: only for anonymous users.
  { id: 'login', path: '/authentication/login', access: 'anonymous-only', built: true },
  { id: 'verify', path: '/authentication/verify', access: 'anonymous-only', built: true },
  { id: 'register', path: '/authentication/register', access: 'anonymous-only', built: true },

  // Branch pages: the only pages a master shop shows.
  open('branch-list', '/branch-list', { branchPage: true, built: true }),
  open('branch-list-detail', '/branch-list/detail/:id?', { branchPage: true, built: true }),
  open('branch', '/branch', { branchPage: true, built: true }),
  open('branch2', '/branch2', { branchPage: true, built: true }),

  open('form', '/form/:id?', { built: true }),
  open('access-denied', '/access-denied', { built: true }),
  open('access-request', '/access-request', { built: true }),
  open('contact', '/contact', { built: true }),
  open('collaborate', '/collaborate', { built: true, interfaces: COLLABORATE_INTERFACES }),
  open('about-us', '/about-us', { built: true }),
  open('magazine', '/magazine/:page?', { built: true }),
  open('magazine-post', '/magazine/post/:id/:name', { built: true, pairedParams: [['id', 'name']] }),
  open('product', '/product/:id/:name', { built: true, pairedParams: [['id', 'name']] }),

  open('home', '/', { built: true }),
  open('digital', '/digital/:id?', { built: true }),
  open('home-redirect', '/home/:id?'),
  ...INTERFACE_IDS.map((interfaceId) => open('home-variant', `/home-${interfaceId}`, { homeOf: interfaceId, built: true })),

  // The classifieds app (interface 4) lives under its home.
  open('classifieds-detail', '/home-4/detail/:id?', { interfaces: classifieds, built: true }),
  open('classifieds-tejari-home', '/home-4/tejari-home', { interfaces: classifieds, built: true }),
  login('classifieds-chat-list', '/home-4/chat', { interfaces: classifieds, built: true }),
  open('classifieds-chat', '/home-4/chat/:id?', { interfaces: classifieds, built: true }),
  // Issue 31: publishing, my ads and the classifieds profile are the user's own (the ad codes need a login).
  login('classifieds-new', '/home-4/new', { interfaces: classifieds, built: true }),
  login('classifieds-new-request', '/home-4/new/:request?/:type?', { interfaces: classifieds, built: true }),
  login('classifieds-edit', '/home-4/edit/:id?', { interfaces: classifieds, built: true }),
  login('classifieds-profile', '/home-4/tejari/profile', { interfaces: classifieds, built: true }),
  login('classifieds-my-ads', '/home-4/tejari/profile/my-ads', { interfaces: classifieds, built: true }),
  login('classifieds-bookmarks', '/home-4/tejari/profile/bookmark-ads', { interfaces: classifieds, built: true }),
  open('classifieds-tejari', '/home-4/tejari', { interfaces: classifieds, built: true }),
  open('classifieds-about-us', '/home-4/about-us', { interfaces: classifieds, built: true }),
  open('classifieds-privacy', '/home-4/privacy', { interfaces: classifieds, built: true }),
  open('classifieds-roles', '/home-4/roles', { interfaces: classifieds, built: true }),
  login('classifieds-support', '/home-4/support', { interfaces: classifieds, built: true }),

  open('information', '/information', { built: true }),
  open('cat-level1', '/cat-level1/:id?/:cat_name?', { built: true, pairedParams: [['id', 'cat_name']] }),
  open('cat', '/cat/:id?/:cat_name?/:page?', { built: true, pairedParams: [['id', 'cat_name']] }),
  open('search', '/search/:page?', { built: true }),
  open('item', '/item/:id?/:item_name?', { built: true, pairedParams: [['id', 'item_name']] }),

  // Login required.
  login('support', '/support', { built: true }),
  login('messages', '/messages', { built: true }),
  login('archive-orders', '/archive-orders', { built: true }),
  login('archive-order-detail', '/archive-orders/detail/:id', { built: true }),
  login('successful-payment', '/successful-payment/:id?', { built: true }),
  login('profile', '/profile', { built: true }),
  login('profile-archive-orders', '/profile/archive-orders', { built: true }),
  login('profile-favorite', '/profile/favorite/:page?', { built: true }),
  login('profile-information', '/profile/information', { built: true }),
  login('profile-wallet', '/profile/wallet', { built: true }),
  login('cart', '/cart', { built: true }),
  login('cart-address', '/cart/address', { built: true }),
  login('cart-address-list', '/cart/address/listAddress', { built: true }),
  login('cart-address-edit', '/cart/address/edit/:id?', { built: true }),
  login('cart-address-post', '/cart/address/post-address', { built: true }),
  login('cart-address-add', '/cart/address/add', { built: true }),
  login('cart-address-add-detail', '/cart/address/add/detail', { built: true }),
  login('cart-payment', '/cart/payment', { built: true }),

  // Open to everyone.
  open('survey', '/survey', { built: true }),
  open('success-survey', '/success-survey', { built: true }),
  open('introduction', '/introduction', { built: true }),
  open('gallery', '/gallery', { built: true }),
  open('moremenu', '/moremenu', { built: true }),
  open('basket', '/basket', { built: true }),
  open('cart-items', '/cart-items', { interfaces: [7], built: true }),
  // query: internal_order, branch_id
  open('splash', '/splash', { built: true, branchPage: true }),
  open('privacy', '/privacy', { built: true }),
  open('rules', '/rules', { built: true }),

  open('not-found', catchAllPath, { built: true }),
];
