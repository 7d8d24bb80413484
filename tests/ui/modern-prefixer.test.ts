import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import { describe, expect, it } from 'vitest';
import { modernPrefixer } from '../../src/ui/modern-prefixer';
import { rtlDeclarations } from '../../src/ui/rtl-declarations';
import { renderedStyles } from './mui-page';

/** The prefixed declarations and selectors of a style sheet. */
function prefixed(css: string): Set<string> {
  const found = new Set<string>();
  for (const match of css.matchAll(/(?:^|[;{])(-(?:webkit|moz|ms)-[a-z-]+)\s*:/g)) found.add(match[1]);
  for (const match of css.matchAll(/:\s*(-(?:webkit|moz|ms)-(?:box|flex|inline-box|inline-flex|sticky|flexbox|inline-flexbox))\b/g)) found.add(`display/position ${match[1]}`);
  for (const match of css.matchAll(/::?-(?:webkit|moz|ms)-(?:input-)?placeholder/g)) found.add(match[0]);
  return found;
}

/**
 * What stylis's prefixer wrote that our browsers (Chrome/Edge 107, Firefox 104, Safari 16: Vite's
 * baseline build target) do not need: each is unprefixed there. A new entry here is a decision.
 */
const UNPREFIXED_IN_TARGETS = new Set([
  // flexbox (unprefixed: Chrome 29, Firefox 28, Safari 9)
  '-ms-flex', '-ms-flex-align', '-ms-flex-direction', '-ms-flex-item-align', '-ms-flex-line-pack', '-ms-flex-negative', '-ms-flex-pack',
  '-ms-flex-positive', '-ms-flex-wrap', '-ms-grid-row-align', '-webkit-align-content', '-webkit-align-items', '-webkit-align-self',
  '-webkit-box-align', '-webkit-box-flex', '-webkit-box-flex-wrap', '-webkit-box-pack', '-webkit-flex', '-webkit-flex-direction',
  '-webkit-flex-grow', '-webkit-flex-shrink', '-webkit-flex-wrap', '-webkit-justify-content',
  'display/position -webkit-box', 'display/position -webkit-flex', 'display/position -ms-flexbox', 'display/position -webkit-inline-box',
  'display/position -webkit-inline-flex', 'display/position -ms-inline-flexbox',
  // position: sticky (Safari 13)
  'display/position -webkit-sticky',
  // transforms, transitions, animations (Chrome 36, Firefox 16, Safari 9)
  '-moz-transform', '-ms-transform', '-webkit-transform', '-webkit-transition', '-webkit-animation', '-webkit-animation-duration', '-webkit-animation-name',
  // background-size / -position / -clip other than text (Safari 5–7)
  '-webkit-background-size', '-webkit-background-position', '-webkit-background-clip',
  // user-select: Firefox 69 and Edge 79 unprefixed; Safari keeps -webkit- (written by modernPrefixer)
  '-moz-user-select', '-ms-user-select',
  // ::placeholder (Chrome 57, Firefox 51, Safari 10.1)
  '::-webkit-input-placeholder', '::-moz-placeholder', ':-ms-input-placeholder',
  // text-decoration's shorthand with a colour or style (Safari 12.1 for the longhands MUI uses)
  '-webkit-text-decoration',
]);

describe('modernPrefixer', () => {
  it("writes every prefix of stylis's prefixer on MUI's styles that our browsers still need, and none they do not", () => {
    const before = renderedStyles([rtlDeclarations, prefixer]);
    const after = renderedStyles([rtlDeclarations, modernPrefixer]);
    const wrote = new Set([...before.values()].flatMap((css) => [...prefixed(css)]));
    const writes = new Set([...after.values()].flatMap((css) => [...prefixed(css)]));
    const dropped = [...wrote].filter((entry) => !writes.has(entry));
    expect(dropped.filter((entry) => !UNPREFIXED_IN_TARGETS.has(entry))).toEqual([]);
    // The comparison is worth something only if the prefixer had much to write.
    expect(dropped.length).toBeGreaterThan(30);
    // Safari still needs -webkit-user-select (MUI's buttons are not selectable).
    expect(writes.has('-webkit-user-select')).toBe(true);
    // Same classes, and outside the prefixes the same text.
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  });

  it.each([
    ['user-select:none', '-webkit-user-select:none;user-select:none;'],
    ['backdrop-filter:blur(4px)', '-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);'],
    ['background-clip:text', '-webkit-background-clip:text;background-clip:text;'],
    ['background-clip:padding-box', 'background-clip:padding-box;'],
    ['color-adjust:exact', '-webkit-print-color-adjust:exact;color-adjust:exact;'],
    ['display:flex', 'display:flex;'],
    ['transform:translateX(2px)', 'transform:translateX(2px);'],
  ])('%s becomes %s', (declaration, expected) => {
    expect(serialize(compile(`.a{${declaration};}`), middleware([modernPrefixer, stringify]))).toBe(`.a{${expected}}`);
  });
});
