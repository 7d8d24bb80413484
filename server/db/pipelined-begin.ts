import { sql, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

type Session = NodePgSession<Record<string, never>, never>;
type Transaction = NodePgTransaction<Record<string, never>, never>;
type Body<T> = (tx: Transaction) => Promise<T>;
/** What Drizzle's own transaction reads of these objects, in its JavaScript but not its types (drizzle-orm 0.45). */
type Internals = {
  session: { dialect: never; schema: never; options: never };
  tx: { dialect: { sqlToQuery: (query: SQL) => { sql: string } }; getTransactionConfigSQL: (config: PgTransactionConfig) => SQL };
  client: { connection: { stream: { cork(): void; uncork(): void } } };
};

/**
 * Transactions on PostgreSQL whose BEGIN leaves in the same write as their first statement. Drizzle's
 * node-postgres driver waits for BEGIN's answer before it runs the transaction's body: a round trip of its own,
 * three of a checkout's sixteen, each a socket write and a wake-up of PostgreSQL. The pool's clients run in pg's
 * pipeline mode (`pipeline: true`, node-postgres.com/features/pipelining), so BEGIN is sent without waiting for
 * its answer, and the socket is held (cork) until the body has issued its first statement.
 *
 * Otherwise as Drizzle's own `transaction` (drizzle-orm/node-postgres/session.js): COMMIT after the body, ROLLBACK
 * when it throws, the client back to the pool either way. BEGIN's answer is awaited before COMMIT, so a BEGIN that
 * failed fails the transaction. (BEGIN takes no lock and reads nothing: a server that cannot run it cannot run the
 * body's statements either.)
 */
export function pipelineBegin(db: NodePgDatabase, pool: pg.Pool): void {
  const root = (db as unknown as { session: Session }).session;
  const { dialect, schema, options } = root as unknown as Internals['session'];
  root.transaction = async function <T>(body: Body<T>, config?: PgTransactionConfig): Promise<T> {
    const client = await pool.connect();
    const session = new NodePgSession(client, dialect, schema, options);
    const tx: Transaction = new NodePgTransaction(dialect, session, schema);
    const internal = tx as unknown as Internals['tx'];
    const text = internal.dialect.sqlToQuery(config ? sql`begin ${internal.getTransactionConfigSQL(config)}` : sql`begin`).sql;
    const stream = (client as unknown as Internals['client']).connection.stream;
    stream.cork();
    // After the body's synchronous start and its microtasks: by then its first statement is written behind BEGIN.
    setImmediate(() => stream.uncork());
    const begun = client.query(text);
    // Read below; until then a failed BEGIN is not an unhandled rejection.
    begun.catch(() => undefined);
    try {
      const result = await body(tx);
      await begun;
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      await begun.catch(() => undefined);
      await tx.execute(sql`rollback`);
      throw error;
    } finally {
      client.release();
    }
  } as Session['transaction'];
}
