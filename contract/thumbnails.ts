/*
 * Lists (item cards, folder tiles, the gallery grid) show a shop's picture by its THUMBNAIL_EDGE thumbnail
 * (/media/:id/thumb, rules/chat.ts): an upload's is a 320 px re-encode; a seeded picture's is the picture itself.
 * A detail page keeps the full picture. Shared by the SPA and the server's first screen, which must preload the
 * same address the app then shows.
 */
const SHOP_PICTURE = /^\/media\/\d+$/;

/** The address a list shows a picture by: a shop picture's thumbnail; any other address as it is. */
export const thumbnailOf = (url: string): string => (SHOP_PICTURE.test(url) ? `${url}/thumb` : url);
