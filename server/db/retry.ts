import type { Database } from './connection';

/**
 * PostgreSQL's answers that mean "run the transaction again": 40001 serialization_failure and
 * 40P01 deadlock_detected. The transaction was rolled back whole, so running it again is safe.
 */
const RETRYABLE_CODES = new Set(['40001', '40P01']);

/** True when `error` (or an error it wraps, as Drizzle's DrizzleQueryError does) is a serialization failure or a deadlock. */
export function isRetryableConflict(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== null && typeof current === 'object' && !seen.has(current)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
    seen.add(current);
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * `db.transaction(work)`, run once more when PostgreSQL rolled it back as a deadlock's victim or a
 * serialization failure: the client never sees a conflict another request caused. Once only: a second
 * conflict is a real fault and answers as one. `work` must hold nothing over from an attempt (it starts afresh).
 */
export async function transactionWithRetry<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (!isRetryableConflict(error)) throw error;
    return db.transaction(work);
  }
}
