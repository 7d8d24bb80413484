import { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { connect, type Connection } from '../../server/db/connection';

const url = process.env.TEST_DATABASE_URL;
/** The rows of an execute() (typed unknown: the server's Database type is over both drivers). */
const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** The writes that leave for PostgreSQL while `run` runs (a corked socket sends what it holds in one). */
async function writesDuring<T>(run: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const port = Number(new URL(url!).port || 5432);
  let writes = 0;
  const count = (socket: Socket) => {
    if (socket.remotePort === port) writes += 1;
  };
  const proto = Socket.prototype as unknown as { _write: (...args: unknown[]) => unknown; _writev: (...args: unknown[]) => unknown };
  const write = proto._write;
  const writev = proto._writev;
  vi.spyOn(proto, '_write').mockImplementation(function (this: Socket, ...args: unknown[]) {
    count(this);
    return write.apply(this, args);
  });
  vi.spyOn(proto, '_writev').mockImplementation(function (this: Socket, ...args: unknown[]) {
    count(this);
    return writev.apply(this, args);
  });
  const result = await run();
  vi.restoreAllMocks();
  return { result, writes };
}

describe.skipIf(!url)('transactions on PostgreSQL (db/pipelined-begin.ts)', () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connect({ url: url!, dataDir: null });
    await connection.db.execute(sql`create table if not exists pipelined_begin_probe (id integer)`);
    await connection.db.execute(sql`truncate pipelined_begin_probe`);
  });
  afterAll(async () => {
    await connection.db.execute(sql`drop table if exists pipelined_begin_probe`);
    await connection.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it('Scenario: BEGIN leaves in one write with the first statement, and the body runs in one transaction', async () => {
    // a warm client, so the count holds no connecting
    await connection.db.transaction(async (tx) => tx.execute(sql`select 1`));
    const { result, writes } = await writesDuring(() =>
      connection.db.transaction(async (tx) => {
        const [first] = rowsOf<{ id: string }>(await tx.execute(sql`select txid_current()::text as id`));
        const [second] = rowsOf<{ id: string }>(await tx.execute(sql`select txid_current()::text as id`));
        return [first.id, second.id];
      }),
    );
    expect(result[0]).toBe(result[1]);
    // BEGIN with the first select, the second select, COMMIT (four with BEGIN on its own)
    expect(writes).toBe(3);
  });

  it('Scenario: a body that throws writes nothing, and the next transaction on the pool starts clean', async () => {
    await expect(
      connection.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipelined_begin_probe values (1)`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const [counted] = rowsOf<{ total: number }>(await connection.db.execute(sql`select count(*)::int as total from pipelined_begin_probe`));
    expect(counted.total).toBe(0);
    await connection.db.transaction(async (tx) => tx.execute(sql`insert into pipelined_begin_probe values (2)`));
    const [after] = rowsOf<{ ids: string }>(await connection.db.execute(sql`select array_agg(id)::text as ids from pipelined_begin_probe`));
    expect(after.ids).toBe('{2}');
  });

  it('Scenario: a transaction asked for as repeatable read, read only, is one', async () => {
    const settings = await connection.db.transaction(
      async (tx) => rowsOf(await tx.execute(sql`select current_setting('transaction_isolation') as isolation, current_setting('transaction_read_only') as read_only`))[0],
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    expect(settings).toEqual({ isolation: 'repeatable read', read_only: 'on' });
  });

  it('Scenario: a body that waits before its first statement still runs inside its transaction', async () => {
    const [outside, inside] = await connection.db.transaction(async (tx) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [first] = rowsOf<{ at: string }>(await tx.execute(sql`select now()::text as at`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [second] = rowsOf<{ at: string }>(await tx.execute(sql`select now()::text as at`));
      return [first.at, second.at];
    });
    // now() is the transaction's start: the same for both statements
    expect(inside).toBe(outside);
  });
});
