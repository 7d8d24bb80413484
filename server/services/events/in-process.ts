import { createLocalDelivery, encodePayload, type EventBus, type EventPayload } from './bus';

/**
 * The bus of one process (PGlite: the process is the whole server). Payloads go through JSON as
 * on PostgreSQL, so a subscriber sees the same value on both buses.
 */
export function createInProcessBus(options: { onHandlerError?: (error: unknown, topic: string) => void } = {}): EventBus {
  const local = createLocalDelivery(options.onHandlerError ?? ((error, topic) => console.error(`event ${topic}: a subscriber failed`, error)));
  let closed = false;
  return {
    async publish(topic: string, payload: EventPayload) {
      if (closed) throw new Error(`event ${topic}: the bus is closed`);
      local.deliver(topic, JSON.parse(encodePayload(topic, payload)) as EventPayload);
    },
    subscribe: (topic, handler) => local.subscribe(topic, handler),
    onGap: (handler) => local.onGap(handler),
    get connected() {
      return !closed;
    },
    async close() {
      closed = true;
      local.clear();
    },
  };
}
