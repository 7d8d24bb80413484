import type { Code, DataOf, RequestOf } from './api';
import type { Language } from './enums';

/**
 * The boot data index.html carries (issue 11): what the startup chart's steps
 * (spec §4) would load, written by the server for this visitor into a
 * non-executed JSON block, so the first screen needs no API round trip.
 * The server stops at the first step it cannot answer; the client calls the
 * API for every step the block lacks.
 */
export interface BootData {
  /** the block's format; a client of another version ignores the block */
  v: typeof BOOT_VERSION;
  /** the language the server answered in: the `lang` cookie, else the spec's default */
  language: Language;
  shop?: DataOf<'get_shop'>;
  /** null: nobody is logged in */
  user?: DataOf<'get_user_detail'>;
  /** only for a logged-in user */
  conversations?: DataOf<'get_all_conversations'>;
  cart?: DataOf<'get_cart'>;
  slides?: DataOf<'get_slides'>;
  folders?: DataOf<'get_all_folders'>;
  banners?: DataOf<'get_banners'>;
  /**
   * The first screen's own list when the page is a category (contract/rules/category-list.ts):
   * the request the SPA's category page makes and the server's reply to it.
   */
  list?: { request: RequestOf<'get_list_item'>; data: DataOf<'get_list_item'> };
  /** The first screen's product when the page is a product's (contract/item-paths.ts): the request its page makes and the reply. */
  item?: { request: RequestOf<'get_item'>; data: DataOf<'get_item'> };
}

/**
 * The startup steps of spec §4 that load through the API, in order, each with its code: the app's
 * startup chart runs them (machines/app-machine.ts, after the language), the SPA asks each code
 * when the boot block lacks its step (src/app/live.ts), and the server writes the block in the same
 * order (server/routes/boot-data.ts). `conversations` runs only for a logged-in user.
 */
export const BOOT_STEPS = [
  { step: 'shop', code: 'get_shop' },
  { step: 'user', code: 'get_user_detail' },
  { step: 'conversations', code: 'get_all_conversations' },
  { step: 'cart', code: 'get_cart' },
  { step: 'slides', code: 'get_slides' },
  { step: 'folders', code: 'get_all_folders' },
  { step: 'banners', code: 'get_banners' },
] as const satisfies readonly { step: keyof BootData; code: Code }[];
export type BootStep = (typeof BOOT_STEPS)[number]['step'];

export const BOOT_VERSION = 1;
/** id of the `<script type="application/json">` element holding the block */
export const BOOT_ELEMENT_ID = 'boot-data';
/**
 * id of the first screen the server draws over the app (the home's header and first slide, a
 * category page's first cards: the largest paint needs no script); the app removes it once its
 * own screen has rendered
 */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';
/**
 * What the server sets on #root while a first screen covers it: the app beneath, rendering or
 * waiting for its data, is hidden from screen readers and inert, so only one page is exposed.
 * The app removes them with the first screen.
 */
export const COVERED_ROOT_ATTRIBUTES = { 'aria-hidden': 'true', inert: '' } as const;
/** id of the `<script type="application/json">` list of the app's modules, preloaded once the first paint is done */
export const APP_MODULES_ELEMENT_ID = 'app-modules';
/** where the server writes the block (and the splash) into the built index.html */
export const BOOT_PLACEHOLDER = '<!--boot-->';
/** the cookie the SPA writes when the visitor's language is known, so the server answers in it */
export const LANGUAGE_COOKIE = 'lang';
