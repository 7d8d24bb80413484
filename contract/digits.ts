/** Persian (۰-۹) and Arabic-Indic (٠-٩) digits become Western digits (spec §5). */
export function normalizeDigits(text: string): string {
  return text.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** Western digits become Persian digits, for display in fa. */
export function toPersianDigits(text: string | number): string {
  return String(text).replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));
}
