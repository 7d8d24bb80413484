import type { InterfaceId } from '../enums';

type Columns = { xs: number; sm?: number; md: number };

/** The header's height; spec §9's fixed slider sits right under it. The server's first screen draws both (server/routes/first-screen-html.ts). */
export const HEADER_HEIGHT = 78;
/** The width a slide's picture is asked for and drawn at; its height follows the slider's aspect from md. */
export const SLIDE_IMAGE_WIDTH = 1200;

/** One block of the home page and how it is drawn. */
export type HomeSection =
  /** the shop's name and description as a banner of text */
  | { kind: 'hero'; tone: 'primary' | 'light' | 'dark' }
  /** the slider; `fixed` pins it under the header (spec §9, 78 px) while content scrolls over it */
  | { kind: 'slides'; variant: 'full-width' | 'card'; fixed?: boolean; aspect: { xs: number; md: number } }
  /** top-level folders, linking to /cat/:id/:name */
  | { kind: 'folders'; variant: 'grid'; columns: Columns; shape: 'square' | 'circle'; title: boolean }
  | { kind: 'folders'; variant: 'chips'; title: boolean }
  | { kind: 'folders'; variant: 'list'; columns: Columns; title: boolean }
  /** banners in position order */
  | { kind: 'banners'; variant: 'grid'; columns: Columns }
  | { kind: 'banners'; variant: 'strip' }
  /** a row of products: best sellers or the newest */
  | { kind: 'items'; source: 'best' | 'new' };

/**
 * The home of every interface id as data: one Home component renders these lists,
 * so a new interface is a new entry here, not a new page. It lives in contract/ because
 * the server reads it too: it preloads the first slide of a home that opens with the slider.
 */
export const homeLayouts: Record<InterfaceId, readonly HomeSection[]> = {
  // restaurant: big slider, round category tiles, two-up banners
  2: [
    { kind: 'slides', variant: 'full-width', aspect: { xs: 16 / 9, md: 3 } },
    { kind: 'folders', variant: 'grid', columns: { xs: 3, sm: 4, md: 6 }, shape: 'circle', title: true },
    { kind: 'banners', variant: 'grid', columns: { xs: 1, md: 2 } },
    { kind: 'items', source: 'best' },
    { kind: 'items', source: 'new' },
  ],
  // retail/grocery: slider pinned under the header, category chips, banner strip, category tiles
  3: [
    { kind: 'slides', variant: 'full-width', fixed: true, aspect: { xs: 2, md: 4 } },
    { kind: 'folders', variant: 'chips', title: false },
    { kind: 'banners', variant: 'strip' },
    { kind: 'folders', variant: 'grid', columns: { xs: 2, sm: 3, md: 5 }, shape: 'square', title: true },
    { kind: 'items', source: 'best' },
    { kind: 'items', source: 'new' },
  ],
  // classifieds: a text hero and the ad categories as a list
  4: [
    { kind: 'hero', tone: 'dark' },
    { kind: 'folders', variant: 'list', columns: { xs: 1, md: 2 }, title: true },
    { kind: 'banners', variant: 'strip' },
  ],
  // members-only shop
  5: [
    { kind: 'hero', tone: 'primary' },
    { kind: 'slides', variant: 'card', aspect: { xs: 16 / 9, md: 3 } },
    { kind: 'folders', variant: 'grid', columns: { xs: 2, sm: 3, md: 4 }, shape: 'square', title: true },
    { kind: 'banners', variant: 'grid', columns: { xs: 1, md: 2 } },
    { kind: 'items', source: 'new' },
  ],
  // wholesale: compact catalogue list first
  7: [
    { kind: 'hero', tone: 'light' },
    { kind: 'folders', variant: 'list', columns: { xs: 1, sm: 2, md: 3 }, title: true },
    { kind: 'banners', variant: 'grid', columns: { xs: 1, md: 3 } },
    { kind: 'items', source: 'new' },
  ],
  // digital menu: no slider, large menu sections
  99: [
    { kind: 'hero', tone: 'dark' },
    { kind: 'folders', variant: 'grid', columns: { xs: 2, md: 4 }, shape: 'square', title: false },
    { kind: 'items', source: 'new' },
  ],
  // skincare: card slider, banner strip, product lines
  100: [
    { kind: 'slides', variant: 'card', aspect: { xs: 4 / 3, md: 3 } },
    { kind: 'banners', variant: 'strip' },
    { kind: 'folders', variant: 'grid', columns: { xs: 2, sm: 3, md: 4 }, shape: 'square', title: true },
    { kind: 'items', source: 'best' },
    { kind: 'items', source: 'new' },
  ],
  // nuts and dried fruit: slider, chips to jump, tiles, banners
  101: [
    { kind: 'slides', variant: 'full-width', aspect: { xs: 16 / 9, md: 3.5 } },
    { kind: 'folders', variant: 'chips', title: false },
    { kind: 'folders', variant: 'grid', columns: { xs: 3, sm: 4, md: 6 }, shape: 'circle', title: true },
    { kind: 'banners', variant: 'grid', columns: { xs: 2, md: 4 } },
    { kind: 'items', source: 'best' },
    { kind: 'items', source: 'new' },
  ],
  // café: welcome text, card slider, menu tiles, banners
  102: [
    { kind: 'hero', tone: 'primary' },
    { kind: 'slides', variant: 'card', aspect: { xs: 16 / 9, md: 3 } },
    { kind: 'folders', variant: 'grid', columns: { xs: 2, sm: 3, md: 4 }, shape: 'square', title: true },
    { kind: 'banners', variant: 'grid', columns: { xs: 1, md: 2 } },
    { kind: 'items', source: 'best' },
  ],
};

/** Whether an interface's home shows the slider in its first screen (its first slide is then the page's largest paint). */
export const homeOpensWithSlides = (interfaceId: InterfaceId): boolean =>
  homeLayouts[interfaceId].slice(0, 2).some((section) => section.kind === 'slides');

/** Whether an interface's home lists products, so its header offers product search (the classifieds home lists ads). */
export const homeListsProducts = (interfaceId: InterfaceId): boolean => homeLayouts[interfaceId].some((section) => section.kind === 'items');
