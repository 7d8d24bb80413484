import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { StatementLane } from './statement-lanes';

/**
 * The embedded database on its own thread (pglite-worker.mjs), with the part of PGlite's interface
 * Drizzle's driver calls: query, exec, transaction, close. PGlite runs Postgres as WebAssembly, so on
 * the server's event loop a 5 ms write stopped every other request, cached reads included, for 5 ms.
 * Here the loop only posts the statement and takes the rows back.
 */

type ErrorFields = Record<string, unknown> & { name: string; message: string; stack?: string };
interface Reply {
  id?: number;
  type?: 'ready' | 'failed';
  result?: unknown;
  error?: ErrorFields;
}
interface Request {
  op: 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'close' | 'dump';
  /** the transaction the statement belongs to (pglite-worker.mjs runs only its statements while it is open) */
  tx?: number;
  sql?: string;
  params?: unknown[];
  rowMode?: 'object' | 'array';
  keptTypes?: number[];
  /** background: runs only when no foreground statement waits (statement-lanes.ts) */
  lane?: StatementLane;
}

export interface PgliteThreadOptions {
  /** a folder for the database's files; null or omitted: in memory */
  dataDir?: string | null;
  /** a data-dir dump (PGlite's dumpDataDir) to start from: in memory, or into an empty dataDir (db:restore) */
  loadDataDir?: Uint8Array;
}

/** An Error on this side with what Postgres said on the other (code, detail, constraint, …). */
function errorFrom({ name, message, stack: _stack, ...fields }: ErrorFields): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}

/** What a statement in flight gets when the thread dies: crash_shutdown, answered 503 (db/unavailable.ts). */
function threadLost(reason: string): Error {
  return Object.assign(new Error(`the embedded database's thread stopped (${reason})`), { code: '57P02' });
}

/** A statement after close() is the program's mistake, not an outage (500, as PGlite's own "closed"). */
const closedError = () => new Error('the embedded database is closed');

async function startWorker({ dataDir, loadDataDir }: PgliteThreadOptions): Promise<Worker> {
  // Copied, not transferred: the caller keeps its dump (tests start every file from the same one).
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir: dataDir ?? null, loadDataDir } });
  await new Promise<void>((resolve, reject) => {
    const settle = (done: () => void) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      done();
    };
    const onMessage = (reply: Reply) => settle(() => (reply.type === 'ready' ? resolve() : (void worker.terminate(), reject(errorFrom(reply.error!)))));
    const onError = (error: Error) => settle(() => (void worker.terminate(), reject(error)));
    const onExit = (code: number) => settle(() => reject(threadLost(`exit ${code}`)));
    // Only these listeners come off again: Node's Worker keeps listeners of its own on itself.
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
  return worker;
}

export class PgliteThread {
  #worker: Worker | null;
  #starting: Promise<Worker> | null = null;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #nextTx = 1;
  #closed = false;

  private constructor(
    worker: Worker,
    private readonly options: PgliteThreadOptions,
  ) {
    this.#worker = this.#attach(worker);
  }

  static async start(options: PgliteThreadOptions = {}): Promise<PgliteThread> {
    return new PgliteThread(await startWorker(options), options);
  }

  #attach(worker: Worker): Worker {
    worker.on('message', ({ id, result, error }: Reply) => {
      const waiting = this.#pending.get(id!);
      if (!waiting) return;
      this.#pending.delete(id!);
      if (this.#pending.size === 0) worker.unref();
      if (error) waiting.reject(errorFrom(error));
      else waiting.resolve(result);
    });
    worker.on('error', (error) => console.error('The embedded database thread failed:', error));
    worker.on('exit', (code) => {
      if (this.#worker === worker) this.#worker = null;
      const lost = this.#closed ? closedError() : threadLost(`exit ${code}`);
      for (const waiting of this.#pending.values()) waiting.reject(lost);
      this.#pending.clear();
    });
    // Idle, the thread does not keep the process alive; a statement in flight does (#send).
    worker.unref();
    return worker;
  }

  /** The worker, started again after it died when its data is on disk (in memory, the data died with it). */
  async #current(): Promise<Worker> {
    if (this.#closed) throw closedError();
    if (this.#worker) return this.#worker;
    if (!this.options.dataDir) throw threadLost('in-memory database lost');
    // The folder holds the data now: a dump it started from is not loaded over it again.
    this.#starting ??= startWorker({ dataDir: this.options.dataDir })
      .then((worker) => (this.#worker = this.#attach(worker)))
      .finally(() => (this.#starting = null));
    return this.#starting;
  }

  async #send<T>(request: Request): Promise<T> {
    const worker = await this.#current();
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, ...request });
    });
  }

  // Drizzle's parsers all keep a value as Postgres printed it; only such parsers can be named across threads.
  #query<T>(lane: StatementLane, sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const keptTypes = Object.keys(options?.parsers ?? {}).map(Number);
    return this.#send({ op: 'query', sql, params, rowMode: options?.rowMode ?? 'object', keptTypes, tx, lane });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>('foreground', sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#send({ op: 'exec', sql });
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#transaction('foreground', callback);
  }

  /** The same database with every statement in `lane` (statement-lanes.ts): what Drizzle's driver calls, as the thread offers it. */
  inLane(lane: StatementLane): Pick<PgliteThread, 'query' | 'exec' | 'transaction'> {
    return {
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => this.#query<T>(lane, sql, params, options),
      exec: (sql: string) => this.#send<Results[]>({ op: 'exec', sql, lane }),
      transaction: <T>(callback: (tx: Transaction) => Promise<T>) => this.#transaction(lane, callback),
    };
  }

  async #transaction<T>(lane: StatementLane, callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.#nextTx++;
    // Not waited for: the thread runs it before the transaction's first statement, which saves a trip.
    // Its failure (only a dead thread) fails that statement too, and the commit below waits for it.
    const began = this.#send({ op: 'begin', tx: id, lane });
    began.catch(() => undefined);
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.#query<R>(lane, sql, params, options, id),
      exec: (sql: string) => this.#send<Results[]>({ op: 'exec', sql, tx: id, lane }),
      rollback: async () => {
        closed = true;
        await this.#send({ op: 'rollback', tx: id, lane });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await callback(tx);
      await began;
      if (!closed) {
        closed = true;
        await this.#send({ op: 'commit', tx: id, lane });
      }
      return result;
    } catch (error) {
      if (!closed) await this.#send({ op: 'rollback', tx: id, lane }).catch(() => undefined);
      throw error;
    }
  }

  /**
   * PGlite's dump of its data folder (dumpDataDir, a gzipped tar) after a checkpoint: a backup that loads as it is.
   * Queued like any statement, so it waits for open transactions to end and none runs while it is taken.
   */
  async dumpDataDir(): Promise<Uint8Array> {
    return new Uint8Array(await this.#send<ArrayBuffer>({ op: 'dump' }));
  }

  /** Statements sent to the thread and not yet answered (the one running included). */
  get queued(): number {
    return this.#pending.size;
  }

  /** Closes the database (its files are flushed) and ends the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    // Queued behind every statement already sent (and any open transaction's end).
    // In the background lane: after every statement waiting in either lane.
    if (this.#worker) await this.#send({ op: 'close', lane: 'background' }).catch(() => undefined);
    this.#closed = true;
    await this.#worker?.terminate();
  }

  /** Tests only: ends the thread as a crash would. */
  async crashForTest(): Promise<void> {
    await this.#worker?.terminate();
  }
}
