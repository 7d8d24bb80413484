import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('database timeouts come from the environment', () => {
  it('Scenario: nothing set gives the documented defaults (5 s acquire, 30 s statement, 5 s lock)', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ acquireMs: 5_000, statementMs: 30_000, lockMs: 5_000 });
  });

  it('Scenario: DB_*_TIMEOUT_MS set them, 0 turns a limit off', () => {
    const config = loadConfig({ DB_ACQUIRE_TIMEOUT_MS: '1500', DB_STATEMENT_TIMEOUT_MS: '0', DB_LOCK_TIMEOUT_MS: '250' });
    expect(config.databaseTimeouts).toEqual({ acquireMs: 1_500, statementMs: 0, lockMs: 250 });
  });

  it('Scenario: a value that is not a whole number of milliseconds is refused by name', () => {
    expect(() => loadConfig({ DB_LOCK_TIMEOUT_MS: '5s' })).toThrow(/DB_LOCK_TIMEOUT_MS must be a whole number of milliseconds/);
    expect(() => loadConfig({ DB_ACQUIRE_TIMEOUT_MS: '-1' })).toThrow(/DB_ACQUIRE_TIMEOUT_MS/);
  });
});
