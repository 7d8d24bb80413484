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

/** The next page appended after what is shown, each item once: what is already there, or twice in the page, is left out (by `key`, the id unless told). */
export function appendOnce<T>(list: readonly T[], added: readonly T[], key: (item: T) => unknown = (item) => (item as { id: unknown }).id): T[] {
  const shown = new Set(list.map(key));
  return [
    ...list,
    ...added.filter((item) => {
      if (shown.has(key(item))) return false;
      shown.add(key(item));
      return true;
    }),
  ];
}

/**
 * How one parent's paged list reads its pages: the parent's actor (`src`) with the first page's
 * input and the next one's (by an offset or a cursor the last page gave), the parent's actions
 * that keep each page, and the parent's events and guard that drive it.
 */
export interface PagedListConfig<TSrc extends string, TFirstInput, TMoreInput, TFirstDone, TMoreDone, TFailed, TMoreFailed, TLeft extends string, TMore extends string, TRetry extends string, TStale extends string, TWhen extends 'reload' | 'refresh'> {
  src: TSrc;
  /** the first page's input (the newest, or the top of the list) */
  first: TFirstInput;
  /** the next page's input: where the last page said to go on */
  more: TMoreInput;
  /** what the parent keeps of the first page, and of a next one */
  storeFirst: TFirstDone;
  storeMore: TMoreDone;
  /** what the parent keeps of a failed first page, and of a failed next one (none: the list stays as it was) */
  firstFailed: TFailed;
  moreFailed: TMoreFailed;
  /** the parent's guard: a page is left after what is shown */
  hasMore: TLeft;
  /** the parent's events: read on, try the first page again, the list is stale */
  events: { more: TMore; retry: TRetry; stale: TStale };
  /**
   * what a stale list does: 'reload' reads the first page again in `loading` (from a shown list or
   * one reading on; what is shown stays, merged by the parent), 'refresh' in `refreshing` (from a
   * shown list, which stays; a failure is kept beside it; another stale event starts it over)
   */
  whenStale: TWhen;
}

const on = <TType extends string, TTransition>(type: TType, transition: TTransition) => ({ [type]: transition }) as { [K in TType]: TTransition };

/**
 * The paged list's states, written once for the charts that show one (the conversation, the support
 * chat, the console inbox's chat list): loading the first page → shown (or failed, with retry) →
 * reading on (`loadingMore`) while a page is left; a stale list is read again from the first page.
 * Each parent spreads them into its own `list` region (as long-poll.ts's states are spread) and keeps
 * the items in its own context, by its own actions (their merging shared above).
 */
export function pagedListStates<
  const TSrc extends string,
  TFirstInput,
  TMoreInput,
  const TFirstDone,
  const TMoreDone,
  const TFailed,
  const TMoreFailed,
  const TLeft extends string,
  const TMore extends string,
  const TRetry extends string,
  const TStale extends string,
  const TWhen extends 'reload' | 'refresh',
>(config: PagedListConfig<TSrc, TFirstInput, TMoreInput, TFirstDone, TMoreDone, TFailed, TMoreFailed, TLeft, TMore, TRetry, TStale, TWhen>) {
  const { src, first, more, storeFirst, storeMore, firstFailed, moreFailed, hasMore, events } = config;
  const firstPage = { src, input: first, onDone: { target: 'shown' as const, actions: storeFirst } };
  const stale = on(events.stale, config.whenStale === 'reload' ? ('loading' as const) : ('refreshing' as const));
  const states = {
    loading: { invoke: { id: 'loadFirst', ...firstPage, onError: { target: 'failed' as const, actions: firstFailed } } },
    failed: { on: on(events.retry, 'loading' as const) },
    shown: { on: { ...on(events.more, { guard: hasMore, target: 'loadingMore' as const }), ...stale } },
    loadingMore: {
      on: config.whenStale === 'reload' ? stale : {},
      invoke: { id: 'loadMore', src, input: more, onDone: { target: 'shown' as const, actions: storeMore }, onError: { target: 'shown' as const, actions: moreFailed } },
    },
  };
  // The first page again while the list stays shown: only a list refreshed so has this state.
  const refreshing = {
    on: on(events.stale, { target: 'refreshing' as const, reenter: true }),
    invoke: { id: 'refreshFirst', ...firstPage, onError: { target: 'shown' as const, actions: firstFailed } },
  };
  return (config.whenStale === 'refresh' ? { ...states, refreshing } : states) as TWhen extends 'refresh' ? typeof states & { refreshing: typeof refreshing } : typeof states;
}
