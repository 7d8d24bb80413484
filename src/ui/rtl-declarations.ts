import cssjanus from 'cssjanus';
import { DECLARATION, type Middleware } from 'stylis';

/*
 * The RTL mirror of one declaration, with cssjanus's rules (those of stylis-plugin-rtl), done here
 * for the shapes the storefront's styles have. cssjanus itself compiles some thirty large regular
 * expressions on its first call (~20 ms of a phone's main thread at startup) and runs all of them
 * over every rule; it is still called for the rare shapes below (a parenthesis in a four-value
 * shorthand or a border radius, text shadows, four colours, background percentages), so the
 * result is always cssjanus's. A test compares both on MUI's styles.
 */

const number = String.raw`-?(?:\d*\.\d+|\d+)`;
// cssjanus's quantity: a number with an optional unit or identifier, or auto / inherit
const quantity = new RegExp(String.raw`^(?:${number}(?:[a-z%]+)?|auto|inherit)$`, 'i');
// a left/right word not inside url(…) (cssjanus's test: no ')' after it before a blank, quote or '(')
const sideWord = /(^|[^a-zA-Z])(left|right)(?![a-zA-Z])(?![^\s()"']*['"]?\s*\))/gi;
const cursorSide = /(^|[^a-zA-Z])([ns]?)([ew])-resize/gi;
const directionValue = /(direction\s*:\s*)(ltr|rtl)/gi;
const signedQuantity = String.raw`(${number}(?:[a-z%]+)?|auto|inherit)`;
const boxShadow = new RegExp(String.raw`(box-shadow\s*:\s*(?:inset\s*)?)${signedQuantity}`, 'gi');
const translate = new RegExp(String.raw`(transform\s*:[^;}]*)(translateX?\s*\(\s*)${signedQuantity}`, 'gi');

const flipSign = (value: string) => (parseFloat(value) === 0 ? value : value.startsWith('-') ? value.slice(1) : `-${value}`);

/** 'a b c d' → 'a d c b' keeping the blanks; null when the value is not four quantities. */
function swapFourQuantities(value: string): string | null {
  const parts = value.split(/(\s+)/);
  if (parts.length !== 7 || ![0, 2, 4, 6].every((index) => quantity.test(parts[index]))) return null;
  return [parts[0], parts[1], parts[6], parts[3], parts[4], parts[5], parts[2]].join('');
}

/** How many blank-separated words a value has, a function call with its arguments being one. */
function wordsOutsideParentheses(value: string): number {
  let depth = 0;
  let words = 0;
  let inWord = false;
  for (const char of value.trim()) {
    if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    const blank = depth === 0 && /\s/.test(char);
    if (!blank && !inWord) words += 1;
    inWord = !blank;
  }
  return words;
}

function flipCorners(values: string[]): string[] {
  if (values.length === 4) return [values[1], values[0], values[3], values[2]];
  if (values.length === 3) return [values[1], values[0], values[1], values[2]];
  if (values.length === 2) return [values[1], values[0]];
  return values;
}

/** border-radius's 1–4 (/ 1–4) quantities with their corners mirrored; null when it has other shapes. */
function mirrorRadius(value: string): string | null {
  const groups = value.split('/').map((group) => group.trim().split(/\s+/));
  if (groups.length > 2 || groups.some((group) => group.length > 4 || !group.every((part) => quantity.test(part)))) return null;
  return groups.map((group) => flipCorners(group).join(' ')).join('/');
}

/** The mirrored text of `property:value;` ('' = unchanged), without cssjanus where the shape is known. */
function mirror(text: string, property: string, value: string): string {
  const [body, important = ''] = value.split(/(?=\s*!important\s*$)/i);
  if (/\(/.test(value) && /(margin|padding|border-width|border-radius)$/i.test(property)) return cssjanus.transform(text);
  if (/(-color|border-style)$/i.test(property) && wordsOutsideParentheses(body) === 4) return cssjanus.transform(text);
  if (/text-shadow$/i.test(property) || (/(background|background-position|background-position-x)$/i.test(property) && value.includes('%'))) return cssjanus.transform(text);
  let result = text
    .replace(directionValue, (_, before: string, word: string) => before + (word.toLowerCase() === 'ltr' ? 'rtl' : 'ltr'))
    .replace(sideWord, (_, before: string, word: string) => before + (word.toLowerCase() === 'left' ? 'right' : 'left'))
    .replace(cursorSide, (_, before: string, pole: string, side: string) => `${before}${pole}${side.toLowerCase() === 'e' ? 'w' : 'e'}-resize`);
  if (/(margin|padding|border-width)$/i.test(property)) {
    const swapped = swapFourQuantities(body.trim());
    if (swapped !== null) result = `${result.slice(0, result.indexOf(':') + 1)}${swapped}${important};`;
  } else if (/border-radius$/i.test(property)) {
    const mirrored = mirrorRadius(body);
    if (mirrored !== null) result = `${result.slice(0, result.indexOf(':') + 1)}${mirrored}${important};`;
  }
  return result.replace(boxShadow, (_, before: string, offset: string) => before + flipSign(offset)).replace(translate, (_, before: string, call: string, offset: string) => before + call + flipSign(offset));
}

// What could be mirrored at all: a side or direction word, a resize cursor, a shadow, translate,
// a background or the shorthands with corners or sides.
const mayFlip = /left|right|ltr|rtl|resize|shadow|translate|background|margin|padding|border|-color/i;

// The same declarations come back in many rules (a theme's shadows and transitions).
const mirrored = new Map<string, string>();

/** stylis middleware: goes before the prefixer, which then prefixes the mirrored declaration. */
export const rtlDeclarations: Middleware = (element) => {
  if (element.type !== DECLARATION || !mayFlip.test(element.value)) return;
  let flipped = mirrored.get(element.value);
  if (flipped === undefined) {
    flipped = mirror(element.value, element.props as string, element.children as string);
    if (mirrored.size > 5000) mirrored.clear();
    mirrored.set(element.value, flipped);
  }
  if (flipped === element.value) return;
  const colon = flipped.indexOf(':');
  element.value = flipped;
  element.props = flipped.slice(0, colon);
  element.children = flipped.slice(colon + 1, flipped.endsWith(';') ? -1 : undefined);
  element.length = colon;
};
