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
// to the event loop between them.
let open = null;
const held = [];
let turn = Promise.resolve();

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

function start(message) {
  if (message.op === 'begin') open = message.tx;
  turn = turn.then(() => run(message));
  if (message.op === 'commit' || message.op === 'rollback') open = null;
}

// Every message waits here until it may run: no transaction is open, or it belongs to the open one.
// The scan starts over after each start, so arrival order holds and a transaction's statements sent
// right behind its (unwaited) begin run as soon as it opens.
function arrive(message) {
  held.push(message);
  for (let index = 0; index < held.length; ) {
    if (open === null || held[index].tx === open) {
      start(held.splice(index, 1)[0]);
      index = 0;
    } else {
      index += 1;
    }
  }
}

parentPort.on('message', arrive);
