import { FIRST_SCREEN_ELEMENT_ID, type BootData } from '@contract/boot';
import type { Item } from '@contract/entities/catalog';
import type { Language } from '@contract/enums';
import { categoryPath, itemPath, SPA_BASE } from '@contract/item-paths';
import { localized } from '@contract/localized';
import { formatMoney } from '@contract/money';
import { FIRST_CARDS, ITEM_PICTURE } from '@contract/rules/category-list';
import { preselected, startingCounts, unitPrice } from '@contract/rules/option-steps';
import { HEADER_HEIGHT, homeLayouts, SLIDE_IMAGE_WIDTH, type HomeSection } from '@contract/rules/home-layouts';
import type { CartLine } from '@contract/entities/cart';
import { formatNumber } from '@contract/numbers';
import { lineMeasure, measureOf, pricedPer, priceWithUnit, quantityText, unitLabel } from '@contract/units';
import { thumbnailOf } from '@contract/thumbnails';
import { translate } from '../i18n/messages';
import { escapeHtml } from './html-text';

type SlidesLayout = Extract<HomeSection, { kind: 'slides' }>;

/** A screen the server draws over the app: its markup and the CSS it needs beyond FIRST_SCREEN_CSS. */
export interface FirstScreenHtml {
  html: string;
  css: string;
}

// The app's AppBar (elevation 1), Toolbar and logo, the slider's frame (slides-section.tsx), and a
// category page (page-frame.tsx, list-controls.tsx, item-card.tsx), in plain CSS; 900px is MUI's
// md, 600px its sm.
const FIRST_SCREEN_CSS = `
.sf-first{position:fixed;inset:0;z-index:1400;overflow:hidden;background:#faf7f5}
.sf-first,.sf-first *{box-sizing:border-box}
.sf-first a{color:inherit;text-decoration:none}
.sf-first>header{display:flex;align-items:center;gap:12px;min-height:${HEADER_HEIGHT}px;padding:0 16px;background:#fff;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}
@media (min-width:600px){.sf-first>header{padding:0 24px}}
.sf-first>header>img{width:48px;height:48px;border-radius:8px;object-fit:cover;flex-shrink:0}
.sf-first>header>h1,.sf-first>header>span{margin:0;font-size:1.25rem;font-weight:700;line-height:1.6;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.sf-slider{position:relative;overflow:hidden;background:#eee}
.sf-slider>img{display:block;width:100%;height:100%;object-fit:cover}
.sf-card{padding:16px 16px 0;max-width:1200px;margin:0 auto}
@media (min-width:900px){.sf-card{padding:16px 24px 0}}
.sf-card>.sf-slider{border-radius:12px;box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)}
.sf-first-status{max-width:240px;margin:24px auto;text-align:center}
.sf-page{max-width:1200px;margin:0 auto;padding:16px;display:flex;flex-direction:column;gap:16px}
@media (min-width:900px){.sf-page{padding:16px 24px}}
.sf-page>h1{margin:0;font-size:1.5rem;font-weight:700;line-height:1.334}
.sf-page ul{list-style:none;margin:0;padding:0}
.sf-chips{display:flex;flex-wrap:wrap;gap:8px}
.sf-chips a{display:inline-flex;align-items:center;height:32px;padding:0 11px;border:1px solid #bdbdbd;border-radius:16px;font-size:.8125rem}
.sf-controls{display:flex;flex-wrap:wrap;gap:12px;align-items:center}
.sf-controls>span{display:flex;gap:8px;align-items:center}
.sf-controls i{display:block;height:40px;border:1px solid rgba(0,0,0,.23);border-radius:10px}
.sf-controls .sf-sort{min-width:180px}.sf-controls .sf-field{width:130px}
.sf-controls .sf-button{height:36.5px;width:64px;border-color:rgba(178,60,23,.5)}
.sf-grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:16px}
@media (min-width:600px){.sf-grid{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (min-width:900px){.sf-grid{grid-template-columns:repeat(4,minmax(0,1fr))}}
.sf-grid>li>a{display:flex;flex-direction:column;height:100%;box-sizing:border-box;border:1px solid rgba(0,0,0,.12);border-radius:10px;background:#fff;overflow:hidden}
.sf-grid .sf-picture{aspect-ratio:${ITEM_PICTURE.width}/${ITEM_PICTURE.height};background:#f5f5f5}
.sf-grid .sf-picture>img{display:block;width:100%;height:100%;object-fit:cover}
.sf-grid .sf-body{padding:12px;flex-grow:1;display:flex;flex-direction:column;gap:4px;font-size:.875rem;line-height:1.43}
.sf-grid h2{margin:0;font-size:inherit;font-weight:700}
.sf-grid .sf-price{color:#b23c17;font-weight:600}
.sf-item{max-width:1100px;margin:0 auto;padding:16px;display:grid;grid-template-columns:1fr;gap:24px}
@media (min-width:900px){.sf-item{padding:16px 24px;grid-template-columns:1fr 1fr}}
.sf-item>nav{grid-column:1/-1;color:rgba(0,0,0,.6);line-height:1.5}
.sf-item ol{display:flex;flex-wrap:wrap;align-items:center;list-style:none;margin:0;padding:0}
.sf-item ol>li[aria-hidden]{margin:0 8px}
.sf-item ol>li[aria-current]{color:rgba(0,0,0,.87)}
.sf-gallery{display:flex;flex-direction:column;gap:8px}
.sf-gallery>img,.sf-gallery>div.sf-none{display:block;width:100%;height:auto;aspect-ratio:3/2;object-fit:cover;border-radius:20px;background:#f5f5f5}
.sf-thumbs{display:flex;gap:8px;overflow:hidden}
.sf-thumbs>img{display:block;border-radius:10px;object-fit:cover;flex-shrink:0}
.sf-thumbs>img:first-child{outline:2px solid #b23c17}
.sf-details{display:flex;flex-direction:column;gap:16px}
.sf-details>div{display:flex;gap:8px}
.sf-details h1{margin:0;flex-grow:1;font-size:1.5rem;font-weight:700;line-height:1.334}
.sf-details i{display:block;width:40px;height:40px;flex-shrink:0}
.sf-details .sf-row{align-items:baseline;flex-wrap:wrap}
.sf-details .sf-price{color:#b23c17;font-size:1.25rem;font-weight:700;line-height:1.6}
.sf-details .sf-unit{color:rgba(0,0,0,.6);font-size:.875rem;line-height:1.43}
.sf-details p{margin:0;color:rgba(0,0,0,.6);line-height:1.5}
.sf-cart{max-width:800px;margin:0 auto;padding:24px 16px;line-height:1.5}
.sf-cart>h1{margin:0 0 .35em;font-size:1.5rem;font-weight:700;line-height:1.334}
.sf-cart ul{list-style:none;margin:0;padding:0}
.sf-cart li{display:flex;gap:16px;align-items:center;padding:12px 0;border-bottom:1px solid rgba(0,0,0,.12)}
.sf-cart li>div:first-child{flex-grow:1;min-width:0}
.sf-cart li b{display:block}
.sf-cart .sf-sub{display:block;color:rgba(0,0,0,.6)}
.sf-cart .sf-sub,.sf-cart .sf-line-price,.sf-cart .sf-later{font-size:.875rem;line-height:1.43}
.sf-count{display:flex;align-items:center}
.sf-count>i{display:block;width:40px;height:40px}
.sf-count>span{min-width:24px;text-align:center;white-space:nowrap}
.sf-note{display:flex;gap:8px;align-items:flex-start;margin-top:16px}
.sf-note>i{display:block;width:100%;min-height:56px;padding:16.5px 14px;border:1px solid rgba(0,0,0,.23);border-radius:10px;color:rgba(0,0,0,.6);font-style:normal;line-height:1.4375em}
.sf-cart .sf-button{display:block;margin-top:8px;padding:5px 15px;min-width:64px;border:1px solid rgba(0,0,0,.12);border-radius:10px;color:rgba(0,0,0,.26);font-size:.875rem;line-height:1.75;font-weight:500;text-align:center}
.sf-total{display:flex;justify-content:space-between;align-items:center;margin-top:24px}
.sf-total+.sf-total{margin-top:0;color:#2e7d32}
.sf-total>p{margin:0}.sf-total>span{font-weight:700}.sf-total+.sf-total>span{font-weight:400}
.sf-cart .sf-later{margin:8px 0 0;color:rgba(0,0,0,.6)}
.sf-cart .sf-go{margin-top:24px;padding:8px 22px;border-radius:10px;background:rgba(0,0,0,.12);color:rgba(0,0,0,.26);font-size:.9375rem;line-height:1.75;font-weight:500;text-align:center}
.sf-cart .sf-empty{text-align:center;padding:48px 0}
.sf-cart .sf-empty>p{margin:0 0 .35em;color:rgba(0,0,0,.6)}
.sf-cart .sf-empty>a{color:#b23c17;text-decoration:underline;text-decoration-color:rgba(178,60,23,.4)}
`;

type Shop = NonNullable<BootData['shop']>;

/**
 * A drawn screen in the element the app removes once its own screen has rendered
 * (src/ui/first-screen.ts): the app's header (the shop's logo and name; the name is the page's h1
 * only where the screen has none), the screen's content, and the splash's progress and spoken status.
 */
function drawnScreen(shop: Shop, language: Language, nameTag: 'h1' | 'span', content: string): string {
  const logo = shop.logo ? `<img src="${escapeHtml(shop.logo)}" alt="" width="48" height="48">` : '';
  return (
    `<div id="${FIRST_SCREEN_ELEMENT_ID}" class="sf-first" aria-busy="true">` +
    `<header>${logo}<${nameTag}>${escapeHtml(localized(language, shop.name, shop.name_en))}</${nameTag}></header>${content}` +
    `<div class="sf-first-status"><div class="sf-splash-bar" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0" aria-label="${escapeHtml(translate(language, 'splash_progress'))}"></div>` +
    `<p role="status">${escapeHtml(translate(language, 'splash_loading'))}</p></div></div>`
  );
}

/** An attribute's value linking to a path of the app (contract/item-paths.ts), under its base. */
const appHref = (path: string) => escapeHtml(SPA_BASE.slice(0, -1) + path);

/** A background colour the shop set, when it is plainly a colour: it goes into a style rule. */
const plainColour = (value: string | null): string | null => (value && /^(#[\da-f]{3,8}|[a-z]{3,20}|rgba?\([\d.,\s%]{5,40}\))$/i.test(value) ? value : null);

/** The home's opening slider, when the interface's home starts with one (its first section). */
function openingSlides(boot: BootData | null): SlidesLayout | null {
  const opening = boot?.shop ? homeLayouts[boot.shop.interface_id][0] : undefined;
  return opening?.kind === 'slides' && boot?.slides?.[0] ? opening : null;
}

/**
 * The home's first screen drawn by the server over the app: the header and the first slide where
 * the app draws them, and the splash's progress. The slide is the home's largest paint, so it
 * needs no script; the app removes this once its own screen has rendered (src/ui/first-screen.ts).
 * Null where the home does not open with the slider: the splash stands in.
 */
export function homeFirstScreen(boot: BootData | null, language: Language): FirstScreenHtml | null {
  const layout = openingSlides(boot);
  const shop = boot?.shop;
  const slide = boot?.slides?.[0];
  if (!layout || !shop || !slide) return null;
  const image =
    `<img src="${escapeHtml(slide.picture)}" alt="${escapeHtml(localized(language, slide.title, slide.title_en))}" ` +
    `width="${SLIDE_IMAGE_WIDTH}" height="${Math.round(SLIDE_IMAGE_WIDTH / layout.aspect.md)}" fetchpriority="high">`;
  const slider = `<div class="sf-slider">${image}</div>`;
  const html = drawnScreen(shop, language, 'h1', layout.variant === 'card' ? `<div class="sf-card">${slider}</div>` : slider);
  const css = `${FIRST_SCREEN_CSS.trim()}.sf-slider{aspect-ratio:${layout.aspect.xs}}@media (min-width:900px){.sf-slider{aspect-ratio:${layout.aspect.md}}}`;
  return { html, css };
}

/** A product card as item-card.tsx draws it, a link to the product's page; `colour` names its picture's background rule. */
function cardHtml(item: Item, { language, currency, interfaceId, index }: { language: Language; currency: Shop['currency']; interfaceId: number; index: number }): string {
  const price = priceWithUnit(item.price, currency, language, measureOf(item));
  const picture = item.picture
    ? `<img src="${escapeHtml(thumbnailOf(item.picture))}" alt="" width="${ITEM_PICTURE.width}" height="${ITEM_PICTURE.height}"${index === 0 ? ' fetchpriority="high"' : ''}>`
    : '';
  const colour = plainColour(item.bg_color) ? ` sf-bg${index}` : '';
  return (
    `<li><a href="${appHref(itemPath(item, language, interfaceId))}"><div class="sf-picture${colour}">${picture}</div>` +
    `<div class="sf-body"><h2>${escapeHtml(localized(language, item.name, item.name_en))}</h2><span class="sf-price">${escapeHtml(price)}</span></div></a></li>`
  );
}

/**
 * A category page's first screen drawn by the server over the app, from the list the boot data
 * carries: its title, subfolders and first cards where the app draws them (the sort and price
 * fields as empty outlines), so its largest paint, the first card's picture, needs no script.
 * The cards and subfolders are links: a tap before the app has loaded opens the page all the same.
 * Null without a list or with an empty one: the splash stands in.
 */
export function categoryFirstScreen(boot: BootData | null, language: Language): FirstScreenHtml | null {
  const shop = boot?.shop;
  const list = boot?.list;
  if (!shop || !list || list.data.items.length === 0) return null;
  const folder = boot.folders?.find((candidate) => candidate.item_id === list.request.id);
  const title = folder ? localized(language, folder.name, folder.name_en) : translate(language, 'all_products');
  const chips = list.data.folders.length
    ? `<ul class="sf-chips">${list.data.folders.map((child) => `<li><a href="${appHref(categoryPath(child, language))}">${escapeHtml(localized(language, child.name, child.name_en))}</a></li>`).join('')}</ul>`
    : '';
  // The sort menu (at least 180 px), the two price fields (130 px) and Apply, wrapping as they do.
  const controls = '<div class="sf-controls" aria-hidden="true"><i class="sf-sort"></i><span><i class="sf-field"></i><i class="sf-field"></i><i class="sf-button"></i></span></div>';
  const items = list.data.items.slice(0, FIRST_CARDS);
  const context = { language, currency: shop.currency, interfaceId: shop.interface_id };
  const cards = items.map((item, index) => cardHtml(item, { ...context, index })).join('');
  // Pictures' own background colours: rules in the page's nonce'd style (a style attribute would need 'unsafe-inline').
  const colours = items.map((item, index) => (plainColour(item.bg_color) ? `.sf-grid .sf-bg${index}{background:${item.bg_color}}` : '')).join('');
  const page = `<div class="sf-page"><h1>${escapeHtml(title)}</h1>${chips}${controls}<ul class="sf-grid">${cards}</ul></div>`;
  return { html: drawnScreen(shop, language, 'span', page), css: FIRST_SCREEN_CSS.trim() + colours };
}

/**
 * A product page's first screen drawn by the server over the app, from the product the boot data
 * carries: the breadcrumb, the main picture (the page's largest paint, so it needs no script) and
 * the thumbnails, the name, the price the page opens with and the unit, and the description, where
 * item-view.tsx draws them. The choices and the add button wait for the app.
 */
export function itemFirstScreen(boot: BootData | null, language: Language): FirstScreenHtml | null {
  const shop = boot?.shop;
  const detail = boot?.item?.data;
  if (!shop || !detail) return null;
  const { item, options } = detail;
  const name = escapeHtml(localized(language, item.name, item.name_en));
  const crumbs = [
    `<li><a href="${appHref('/')}">${escapeHtml(translate(language, 'breadcrumb_home'))}</a></li>`,
    ...detail.breadcrumb.map((link) =>
      link.type === 2
        ? `<li><a href="${appHref(categoryPath(link, language))}">${escapeHtml(localized(language, link.name, link.name_en))}</a></li>`
        : `<li aria-current="page">${escapeHtml(localized(language, link.name, link.name_en))}</li>`,
    ),
  ].join('<li aria-hidden="true">/</li>');
  const [main, ...more] = item.multipictures;
  const thumbnails = more.length > 0 ? `<div class="sf-thumbs">${item.multipictures.map((picture) => `<img src="${escapeHtml(thumbnailOf(picture))}" alt="" width="96" height="64" loading="lazy">`).join('')}</div>` : '';
  const colour = plainColour(item.bg_color) ? `.sf-gallery>*{background:${item.bg_color}}` : '';
  const gallery = main
    ? `<div class="sf-gallery"><img src="${escapeHtml(main)}" alt="${name}" width="600" height="400" fetchpriority="high">${thumbnails}</div>`
    : '<div class="sf-gallery"><div class="sf-none"></div></div>';
  // The price the page opens with: a single size is chosen already, each option at its starting count.
  const rial = unitPrice({ item, size: preselected(item.data.sizes), options: options.options, counts: startingCounts(options.options) });
  const measure = measureOf(item);
  const unit = translate(language, 'item_unit', { per: pricedPer(measure, language) ?? unitLabel(item.unit, language) });
  const description = localized(language, item.description, item.description_en);
  const details =
    `<div class="sf-details"><div><h1>${name}</h1><i aria-hidden="true"></i></div>` +
    `<div class="sf-row"><span class="sf-price">${escapeHtml(priceWithUnit(rial, shop.currency, language, item.data.sizes.length === 0 ? measure : null))}</span><span class="sf-unit">${escapeHtml(unit)}</span></div>` +
    (description ? `<p>${escapeHtml(description)}</p>` : '') +
    '</div>';
  const page = `<article class="sf-item"><nav aria-label="${escapeHtml(translate(language, 'breadcrumb'))}"><ol>${crumbs}</ol></nav>${gallery}${details}</article>`;
  return { html: drawnScreen(shop, language, 'span', page), css: FIRST_SCREEN_CSS.trim() + colour };
}

/** A cart line as cart-line-row.tsx draws it; the count's buttons are empty slots until the app's arrive. */
function cartLineHtml(line: CartLine, language: Language, currency: Shop['currency']): string {
  const measure = lineMeasure(line.item_data);
  const choices = [line.feature, line.color, line.size?.name].filter((choice): choice is string => Boolean(choice));
  const extras = line.comment.map((extra) => `${extra.name} × ${formatNumber(extra.count, language)}`).join('، ');
  return (
    `<li><div><b>${escapeHtml(localized(language, line.name, line.name_en))}</b>` +
    (choices.length > 0 ? `<span class="sf-sub">${escapeHtml(choices.join(' · '))}</span>` : '') +
    (extras ? `<span class="sf-sub">${escapeHtml(`${translate(language, 'cart_extras')} ${extras}`)}</span>` : '') +
    `<span class="sf-line-price">${escapeHtml(priceWithUnit(line.price, currency, language, line.size ? null : measure))}</span></div>` +
    `<div class="sf-count" aria-hidden="true"><i></i><span>${escapeHtml(quantityText(line.item_count, measure, language))}</span><i></i><i></i></div></li>`
  );
}

/**
 * The cart page's first screen drawn by the server over the app, from the cart the boot data
 * carries: its lines, the totals and the note on what checkout adds, where cart-page.tsx draws
 * them. The controls (counts, the note, checkout) are drawn as disabled ones of their size until the
 * app's arrive (a tap on them before then would do nothing); an empty cart says so and links back to the shop.
 */
export function cartFirstScreen(boot: BootData | null, language: Language): FirstScreenHtml | null {
  const shop = boot?.shop;
  const cart = boot?.cart;
  if (!shop || !cart) return null;
  const title = `<h1>${escapeHtml(translate(language, 'cart_title'))}</h1>`;
  const body =
    cart.lines.length === 0
      ? `<div class="sf-empty"><p>${escapeHtml(translate(language, 'cart_empty'))}</p><a href="${appHref('/')}">${escapeHtml(translate(language, 'cart_back_to_shop'))}</a></div>`
      : `<ul>${cart.lines.map((line) => cartLineHtml(line, language, shop.currency)).join('')}</ul>` +
        `<div class="sf-note" aria-hidden="true"><i>${escapeHtml(translate(language, 'cart_note'))}</i><span class="sf-button">${escapeHtml(translate(language, 'cart_save_note'))}</span></div>` +
        `<div class="sf-total"><p>${escapeHtml(translate(language, 'cart_items_total'))}</p><span>${escapeHtml(formatMoney(cart.summary.pure_price, shop.currency, language))}</span></div>` +
        (cart.summary.permanent_discount > 0
          ? `<div class="sf-total"><p>${escapeHtml(translate(language, 'cart_online_discount'))}</p><span>${escapeHtml(formatMoney(cart.summary.permanent_discount, shop.currency, language))}</span></div>`
          : '') +
        `<p class="sf-later">${escapeHtml(translate(language, 'cart_computed_later'))}</p>` +
        `<div class="sf-go" aria-hidden="true">${escapeHtml(translate(language, 'cart_continue'))}</div>`;
  return { html: drawnScreen(shop, language, 'span', `<section class="sf-cart">${title}${body}</section>`), css: FIRST_SCREEN_CSS.trim() };
}
