/*
 * The paged lists the charts keep (a chat's messages, the conversations, the inbox's chats, the
 * public messages): pages read one after another, and live items, may repeat an item already
 * shown; each is kept once.
 */

/** Adds items to a newest-first list (by id, the newest the highest), each id once: a newer copy replaces an older one. */
export function mergeNewestFirst<T extends { id: number }>(list: readonly T[], added: readonly T[]): T[] {
  const byId = new Map(list.map((item) => [item.id, item]));
  for (const item of added) byId.set(item.id, item);
  return [...byId.values()].sort((a, z) => z.id - a.id);
}

/** The next page appended after what is shown, leaving out what is already there (by `key`, the id unless told). */
export function appendOnce<T>(list: readonly T[], added: readonly T[], key: (item: T) => unknown = (item) => (item as { id: unknown }).id): T[] {
  const shown = new Set(list.map(key));
  return [...list, ...added.filter((item) => !shown.has(key(item)))];
}
