// The embedded database's own thread (server/db/pglite-thread.ts starts it). PGlite runs Postgres
// compiled to WebAssembly: every statement is CPU on the thread that calls it. Here it is not the
// server's event loop, so cached reads and other requests go on while a write runs.
// Plain JavaScript: a worker thread gets neither tsx's nor vitest's TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const keep = (value) => value;

/** What crosses the thread boundary of an error: its name, message and the fields Postgres sets (code, detail, …). */
function plain(error) {
  if (error === null || typeof error !== 'object') return { name: 'Error', message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: error.name ?? 'Error', message: error.message ?? String(error), stack: error.stack };
}

function resultOf(result) {
  return { rows: result.rows, fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })), affectedRows: result.affectedRows };
}

let db;
// The parsers of a query that keeps some types as text: the instance's (with its array types) and those, merged once
// per set. Handed to PGlite per query (options.parsers) it would copy all of the instance's parsers on every
// statement: a fifth of this thread's time in a cart add.
let baseParsers = null;
const mergedParsers = new Map();
function parsersFor(keptTypes) {
  baseParsers ??= db.parsers;
  if (!keptTypes?.length) return baseParsers;
  const key = keptTypes.join(',');
  let merged = mergedParsers.get(key);
  if (!merged) {
    if (mergedParsers.size >= 16) mergedParsers.clear();
    merged = { ...baseParsers, ...Object.fromEntries(keptTypes.map((type) => [type, keep])) };
    mergedParsers.set(key, merged);
  }
  return merged;
}

try {
  const { dataDir, loadDataDir } = workerData;
  db = await PGlite.create({ dataDir: dataDir ?? undefined, loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined });
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: plain(error) });
}

// Postgres here is one session: while a transaction is open only its own statements may run, or
// another request's statement would run inside it. The order is kept here, not on the server's
// thread, so statements of other requests queue in this thread and run back to back, with no trip
// to the server's event loop between them. Two lanes (server/db/statement-lanes.ts): a background statement
// runs only when no foreground one waits, so a crowd of long-polls polling again at once waits behind a
// checkout instead of ahead of it. Within a lane, arrival order holds. Between two statements this thread
// turns once through its own event loop (setImmediate, microseconds), or the messages sent meanwhile
// would not be queued yet and the next pick could not see them.
let open = null;
/** the lane of the open transaction: its statements are looked for there first */
let openLane = 'foreground';
/** A first-in first-out list that takes from its head without moving the rest (a crowd of polls queues thousands). */
class Queue {
  items = [];
  head = 0;
  push(item) {
    this.items.push(item);
  }
  shift() {
    if (this.head >= this.items.length) return null;
    const item = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
  /** Takes the first item that `fits` (a transaction's next statement), or null. */
  take(fits) {
    for (let index = this.head; index < this.items.length; index += 1) {
      if (fits(this.items[index])) return this.items.splice(index, 1)[0];
    }
    return null;
  }
}
const waiting = { foreground: new Queue(), background: new Queue() };
let running = false;

async function run({ id, op, sql, params, rowMode, keptTypes }) {
  try {
    let result = null;
    if (op === 'query') {
      // Parsers are functions and cannot cross threads: the caller names the types to leave as text
      // (Drizzle keeps dates, intervals and numeric arrays as Postgres prints them). Statements run one at a
      // time here, so the instance's parsers can be this statement's while it runs.
      db.parsers = parsersFor(keptTypes);
      try {
        result = resultOf(await db.query(sql, params, { rowMode }));
      } finally {
        db.parsers = baseParsers;
      }
    } else if (op === 'exec') {
      result = (await db.exec(sql)).map(resultOf);
    } else if (op === 'begin' || op === 'commit' || op === 'rollback') {
      await db.exec(op);
    } else if (op === 'close') {
      await db.close();
    }
    if (op === 'dump') {
      await db.exec('checkpoint');
      result = await (await db.dumpDataDir('gzip')).arrayBuffer();
      parentPort.postMessage({ id, result }, [result]);
      return;
    }
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: plain(error) });
  }
}

/** The next message that may run: the open transaction's own, else the foreground's oldest, else the background's. */
function next() {
  if (open !== null) {
    const ours = (message) => message.tx === open;
    const other = openLane === 'foreground' ? 'background' : 'foreground';
    return waiting[openLane].take(ours) ?? waiting[other].take(ours);
  }
  return waiting.foreground.shift() ?? waiting.background.shift();
}

/** Back to the event loop: the messages that arrived while a statement ran are queued, so the next pick sees both lanes. */
const messagesIn = () => new Promise((resolve) => setImmediate(resolve));

async function drain() {
  for (let message = next(); message; message = next()) {
    if (message.op === 'begin') {
      open = message.tx;
      openLane = message.lane === 'background' ? 'background' : 'foreground';
    }
    if (message.op === 'commit' || message.op === 'rollback') open = null;
    await run(message);
    await messagesIn();
  }
  running = false;
}

function arrive(message) {
  waiting[message.lane === 'background' ? 'background' : 'foreground'].push(message);
  if (running) return;
  // The first pick waits for the rest of the messages already sent: one by one, the first would always run first.
  running = true;
  void messagesIn().then(drain);
}

parentPort.on('message', arrive);
