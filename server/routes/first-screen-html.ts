import { FIRST_SCREEN_ELEMENT_ID, type BootData } from '@contract/boot';
import type { Language } from '@contract/enums';
import { localized } from '@contract/localized';
import { HEADER_HEIGHT, homeLayouts, SLIDE_IMAGE_WIDTH, type HomeSection } from '@contract/rules/home-layouts';
import { translate } from '../i18n/messages';
import { escapeHtml } from './html-text';

type SlidesLayout = Extract<HomeSection, { kind: 'slides' }>;

// The app's AppBar (elevation 1), Toolbar and logo, and the slider's frame (slides-section.tsx), in
// plain CSS; 900px is MUI's md, 600px its sm.
const FIRST_SCREEN_CSS = `
.sf-first{position:fixed;inset:0;z-index:1400;overflow:hidden;background:#faf7f5}
.sf-first>header{display:flex;align-items:center;gap:12px;min-height:${HEADER_HEIGHT}px;padding:0 16px;background:#fff;box-shadow:0 2px 1px -1px rgba(0,0,0,.2),0 1px 1px 0 rgba(0,0,0,.14),0 1px 3px 0 rgba(0,0,0,.12)}
@media (min-width:600px){.sf-first>header{padding:0 24px}}
.sf-first>header>img{width:48px;height:48px;border-radius:8px;object-fit:cover;flex-shrink:0}
.sf-first>header>h1{margin:0;font-size:1.25rem;font-weight:700;line-height:1.6;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.sf-slider{position:relative;overflow:hidden;background:#eee}
.sf-slider>img{display:block;width:100%;height:100%;object-fit:cover}
.sf-card{padding:16px 16px 0;max-width:1200px;margin:0 auto}
@media (min-width:900px){.sf-card{padding:16px 24px 0}}
.sf-card>.sf-slider{border-radius:12px;box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)}
.sf-first-status{max-width:240px;margin:24px auto;text-align:center}
`;

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
export function homeFirstScreen(boot: BootData | null, language: Language): { html: string; css: string } | null {
  const layout = openingSlides(boot);
  const shop = boot?.shop;
  const slide = boot?.slides?.[0];
  if (!layout || !shop || !slide) return null;
  const name = localized(language, shop.name, shop.name_en);
  const logo = shop.logo ? `<img src="${escapeHtml(shop.logo)}" alt="" width="48" height="48">` : '';
  const image =
    `<img src="${escapeHtml(slide.picture)}" alt="${escapeHtml(localized(language, slide.title, slide.title_en))}" ` +
    `width="${SLIDE_IMAGE_WIDTH}" height="${Math.round(SLIDE_IMAGE_WIDTH / layout.aspect.md)}" fetchpriority="high">`;
  const slider = `<div class="sf-slider">${image}</div>`;
  const html =
    `<div id="${FIRST_SCREEN_ELEMENT_ID}" class="sf-first" aria-busy="true"><header>${logo}<h1>${escapeHtml(name)}</h1></header>` +
    (layout.variant === 'card' ? `<div class="sf-card">${slider}</div>` : slider) +
    `<div class="sf-first-status"><div class="sf-splash-bar" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0" aria-label="${escapeHtml(translate(language, 'splash_progress'))}"></div>` +
    `<p role="status">${escapeHtml(translate(language, 'splash_loading'))}</p></div></div>`;
  const css = `${FIRST_SCREEN_CSS.trim()}.sf-slider{aspect-ratio:${layout.aspect.xs}}@media (min-width:900px){.sf-slider{aspect-ratio:${layout.aspect.md}}}`;
  return { html, css };
}
