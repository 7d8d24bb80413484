/** Pictures for the demo shops, drawn as SVG so nothing is ever fetched. */

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A stable hue for a text, so an item keeps its colours across seeds. */
export function hueOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.codePointAt(0)!) % 360;
  return hash;
}

export interface PictureOptions {
  title: string;
  subtitle?: string;
  width?: number;
  height?: number;
  hue?: number;
  /**
   * Draw no words: for products and folders, whose pages name them beside the picture in the
   * visitor's language (an English subtitle in the Persian UI was issue 10, defect 11).
   */
  wordless?: boolean;
}

/** A picture: a gradient, a few soft shapes and the title (Persian and English both render, RTL by the font). */
export function pictureSvg({ title, subtitle, width = 600, height = 400, hue = hueOf(title), wordless = false }: PictureOptions): string {
  const second = (hue + 40) % 360;
  const radius = Math.round(Math.min(width, height) / 3);
  const titleSize = Math.round(Math.min(width / Math.max(title.length, 6), height / 5));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${second},75%,40%)"/></linearGradient></defs>`,
    `<rect width="100%" height="100%" fill="url(#g)"/>`,
    `<circle cx="${Math.round(width * 0.82)}" cy="${Math.round(height * 0.2)}" r="${radius}" fill="hsl(${second},80%,70%)" opacity="0.35"/>`,
    `<rect x="${Math.round(width * 0.06)}" y="${Math.round(height * 0.62)}" width="${Math.round(width * 0.3)}" height="${Math.round(height * 0.3)}" rx="24" fill="#fff" opacity="0.18" transform="rotate(-12 ${Math.round(width * 0.2)} ${Math.round(height * 0.77)})"/>`,
    wordless
      ? `<circle cx="${Math.round(width / 2)}" cy="${Math.round(height / 2)}" r="${Math.round(radius / 2)}" fill="#fff" opacity="0.25"/>`
      : `<text x="50%" y="${subtitle ? '46%' : '52%'}" font-family="Vazirmatn, Tahoma, sans-serif" font-size="${titleSize}" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="middle">${escapeXml(title)}</text>`,
    subtitle && !wordless
      ? `<text x="50%" y="64%" font-family="Vazirmatn, Tahoma, sans-serif" font-size="${Math.round(titleSize * 0.5)}" fill="#fff" opacity="0.9" text-anchor="middle" dominant-baseline="middle">${escapeXml(subtitle)}</text>`
      : '',
    `</svg>`,
  ].join('');
}

/** A round logo with the shop's initials. */
export function logoSvg(name: string, hue = hueOf(name)): string {
  const initial = escapeXml([...name.trim()][0] ?? '?');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">`,
    `<circle cx="128" cy="128" r="124" fill="hsl(${hue},65%,45%)"/>`,
    `<circle cx="128" cy="128" r="100" fill="none" stroke="#fff" stroke-width="6" opacity="0.6"/>`,
    `<text x="128" y="138" font-family="Vazirmatn, Tahoma, sans-serif" font-size="120" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="middle">${initial}</text>`,
    `</svg>`,
  ].join('');
}
