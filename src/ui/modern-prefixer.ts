import { DECLARATION, type Middleware } from 'stylis';

/*
 * The vendor prefixes our browsers still need, instead of stylis's `prefixer`. The build targets
 * Vite's baseline (Chrome/Edge 107, Firefox 104, Safari 16), where flexbox, transforms, transitions,
 * animations, sticky and ::placeholder need none; stylis's prefixer still wrote -ms-, -moz- and old
 * -webkit- forms for all of them, and on a mid-range phone it was a fifth of the time the first
 * screen's styles took to insert. tests/ui/modern-prefixer.test.ts lists what it wrote that this does not, and why.
 */

/** Properties Safari 16–17 knows only with -webkit- (the others above it accept unprefixed too). */
const WEBKIT_ONLY = new Set(['user-select', 'backdrop-filter', 'hyphens', 'box-decoration-break', 'print-color-adjust', 'text-size-adjust']);

export const modernPrefixer: Middleware = (element) => {
  if (element.type !== DECLARATION || element.return) return;
  const property = element.props as unknown as string;
  const clipsText = property === 'background-clip' && /\btext\b/.test(element.children as unknown as string);
  if (WEBKIT_ONLY.has(property) || clipsText) element.return = `-webkit-${element.value}${element.value}`;
  // The old name (MUI's baseline for print): Safari knows only -webkit-print-color-adjust.
  else if (property === 'color-adjust') element.return = `-webkit-print-color-adjust:${element.children as unknown as string};${element.value}`;
};
