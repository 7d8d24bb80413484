/**
 * The event bus: small JSON events by topic, delivered to every server instance.
 * In-process on PGlite (one process is the whole server), PostgreSQL LISTEN/NOTIFY
 * on PostgreSQL (in-process.ts, postgres.ts). docs/server.md, "Events", describes it.
 */

/** What an event carries: plain JSON, kept small (ids, not data); at most MAX_EVENT_BYTES once encoded. */
export type EventPayload = null | boolean | number | string | EventPayload[] | { [key: string]: EventPayload };

export type EventHandler = (payload: EventPayload, topic: string) => void;

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; the envelope takes the rest. */
export const MAX_EVENT_BYTES = 7_000;

export interface EventBus {
  /**
   * Sends `payload` to the subscribers of `topic` on every instance. This instance's subscribers run
   * before the promise settles (a reader right after a write sees its effect); other instances get it
   * within milliseconds. Call it after the write it announces has committed, never inside its transaction.
   */
  publish(topic: string, payload: EventPayload): Promise<void>;
  /** Calls `handler` for every later event of `topic` (exact name); returns the function that unsubscribes. */
  subscribe(topic: string, handler: EventHandler): () => void;
  /**
   * Calls `handler` whenever events of other instances may have been missed: when the listening
   * connection is lost and again once it listens anew. Whoever keeps state derived from events
   * (a cache, a long poll) drops or re-reads it there. Returns the function that unsubscribes.
   */
  onGap(handler: () => void): () => void;
  /** true while events of other instances arrive (always for the in-process bus) */
  readonly connected: boolean;
  /** Stops listening; later publishes are refused. */
  close(): Promise<void>;
}

/** Topic -> handlers, shared by both buses: delivery is synchronous and one failing handler does not stop the others. */
export function createLocalDelivery(onHandlerError: (error: unknown, topic: string) => void) {
  const handlers = new Map<string, Set<EventHandler>>();
  const gapHandlers = new Set<() => void>();
  const callSafely = (call: () => void, topic: string) => {
    try {
      call();
    } catch (error) {
      onHandlerError(error, topic);
    }
  };
  return {
    deliver(topic: string, payload: EventPayload) {
      for (const handler of [...(handlers.get(topic) ?? [])]) callSafely(() => handler(payload, topic), topic);
    },
    gap() {
      for (const handler of [...gapHandlers]) callSafely(handler, '(gap)');
    },
    subscribe(topic: string, handler: EventHandler): () => void {
      // A wrapper per subscription, so the same function subscribed twice is called twice and unsubscribes one at a time.
      const entry: EventHandler = (payload, name) => handler(payload, name);
      const set = handlers.get(topic) ?? new Set<EventHandler>();
      set.add(entry);
      handlers.set(topic, set);
      return () => {
        set.delete(entry);
        if (set.size === 0 && handlers.get(topic) === set) handlers.delete(topic);
      };
    },
    onGap(handler: () => void): () => void {
      const entry = () => handler();
      gapHandlers.add(entry);
      return () => void gapHandlers.delete(entry);
    },
    clear() {
      handlers.clear();
      gapHandlers.clear();
    },
  };
}

/** The payload as JSON, refused when it is not JSON or too large for NOTIFY. */
export function encodePayload(topic: string, payload: EventPayload): string {
  const text = JSON.stringify(payload);
  if (text === undefined) throw new TypeError(`event ${topic}: the payload is not JSON`);
  if (Buffer.byteLength(text) > MAX_EVENT_BYTES) throw new RangeError(`event ${topic}: the payload is over ${MAX_EVENT_BYTES} bytes; send ids, not data`);
  return text;
}
