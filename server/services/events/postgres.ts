import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createLocalDelivery, encodePayload, MAX_EVENT_BYTES, type EventBus, type EventPayload } from './bus';

/** The one channel every instance of a database listens on; the topic travels inside the payload. */
export const EVENTS_CHANNEL = 'storefront_events';
/** The listening connection's application_name (seen in pg_stat_activity). */
export const LISTENER_NAME = 'storefront-events';

/** What goes through NOTIFY: the sending instance, the topic and the payload. */
interface Envelope {
  o: string;
  t: string;
  p: EventPayload;
}

export interface PostgresBusOptions {
  /** the database to LISTEN on (its own connection, outside the pool) */
  url: string;
  /** sends one NOTIFY through the app's pool: `select pg_notify(channel, text)` */
  notify: (channel: string, text: string) => Promise<void>;
  log?: (message: string) => void;
  /** first wait before listening anew after a lost connection; doubles up to maxRetryMs */
  retryMs?: number;
  maxRetryMs?: number;
  /** how often the idle listening connection is checked (a silently dropped one is noticed within heartbeatMs + timeout) */
  heartbeatMs?: number;
}

/**
 * The bus on PostgreSQL: publish = NOTIFY (any pool connection), receive = LISTEN on one dedicated
 * connection. This instance's own events are delivered to it directly and ignored when they come back.
 * The connection listens anew by itself when lost (restart, network), with growing waits; while it is
 * down `connected` is false, and onGap handlers run when it is lost and again once it listens.
 */
export async function createPostgresBus(options: PostgresBusOptions): Promise<EventBus> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const firstRetryMs = options.retryMs ?? 100;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const origin = randomUUID();
  const local = createLocalDelivery((error, topic) => log(`event ${topic}: a subscriber failed: ${error instanceof Error ? error.stack : String(error)}`));

  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = firstRetryMs;
  let retryTimer: NodeJS.Timeout | null = null;
  let listenedBefore = false;

  const receive = (message: pg.Notification) => {
    if (message.channel !== EVENTS_CHANNEL || message.payload === undefined) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      log(`events: ignored a NOTIFY on ${EVENTS_CHANNEL} that is not JSON`);
      return;
    }
    if (typeof envelope?.t !== 'string' || envelope.o === origin) return;
    local.deliver(envelope.t, envelope.p ?? null);
  };

  const lost = (which: pg.Client, reason: string) => {
    if (which !== client) return;
    client = null;
    which.end().catch(() => undefined);
    log(`events: the listening connection was lost (${reason}); listening anew`);
    local.gap();
    scheduleListen();
  };

  async function listen(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url, application_name: LISTENER_NAME, keepAlive: true, connectionTimeoutMillis: 5_000 });
    // Without a listener an 'error' on this connection would end the process.
    next.on('error', (error) => lost(next, error.message));
    next.on('end', () => lost(next, 'connection ended'));
    next.on('notification', receive);
    try {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = firstRetryMs;
    // Events sent while nobody listened are gone: whoever derived state from events starts afresh.
    if (listenedBefore) local.gap();
    listenedBefore = true;
  }

  function scheduleListen() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      listen().catch((error: unknown) => {
        retryMs = Math.min(retryMs * 2, maxRetryMs);
        log(`events: cannot listen (${error instanceof Error ? error.message : String(error)}); trying again in ${retryMs} ms`);
        scheduleListen();
      });
    }, retryMs);
    retryTimer.unref();
  }

  // A connection dropped without a word (a cut network) only shows when used: ask it something now and then.
  const heartbeat = setInterval(() => {
    const current = client;
    if (!current) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer to the heartbeat')), Math.min(heartbeatMs, 5_000));
    });
    Promise.race([current.query('select 1'), timeout])
      .catch((error: unknown) => lost(current, error instanceof Error ? error.message : String(error)))
      .finally(() => clearTimeout(timer));
  }, heartbeatMs);
  heartbeat.unref();

  await listen();

  return {
    async publish(topic: string, payload: EventPayload) {
      if (closed) throw new Error(`event ${topic}: the bus is closed`);
      const text = encodePayload(topic, payload);
      local.deliver(topic, JSON.parse(text) as EventPayload);
      const envelope = JSON.stringify({ o: origin, t: topic, p: payload } satisfies Envelope);
      if (Buffer.byteLength(envelope) > MAX_EVENT_BYTES + 500) throw new RangeError(`event ${topic}: the topic is too long`);
      await options.notify(EVENTS_CHANNEL, envelope);
    },
    subscribe: (topic, handler) => local.subscribe(topic, handler),
    onGap: (handler) => local.onGap(handler),
    get connected() {
      return client !== null && !closed;
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      local.clear();
      await current?.end().catch(() => undefined);
    },
  };
}
