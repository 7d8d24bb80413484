import { describe, expect, it } from 'vitest';
import { HTTP_TIMEOUT_MS } from '@contract/rules/limits';
import { LONGPOLL_HOLD_MAX_MS, LONGPOLL_HOLD_MIN_MS, LONGPOLL_HOLD_MS } from '@contract/rules/chat';
import { loadConfig } from '../../server/config';

describe('the long-poll hold comes from the environment, within what clients can live with', () => {
  it('Scenario: nothing set holds for the contract 25 s', () => {
    expect(loadConfig({}).longpollHoldMs).toBe(LONGPOLL_HOLD_MS);
  });

  it('Scenario: LONGPOLL_HOLD_MS within the bounds is taken as it is', () => {
    expect(loadConfig({ LONGPOLL_HOLD_MS: '20000' }).longpollHoldMs).toBe(20_000);
    expect(loadConfig({ LONGPOLL_HOLD_MS: String(LONGPOLL_HOLD_MIN_MS) }).longpollHoldMs).toBe(LONGPOLL_HOLD_MIN_MS);
    expect(loadConfig({ LONGPOLL_HOLD_MS: String(LONGPOLL_HOLD_MAX_MS) }).longpollHoldMs).toBe(LONGPOLL_HOLD_MAX_MS);
  });

  it('Scenario: 0 (every client polling in a tight loop) and a hold the SPA times out on are refused by name', () => {
    expect(LONGPOLL_HOLD_MAX_MS).toBeLessThan(HTTP_TIMEOUT_MS);
    expect(() => loadConfig({ LONGPOLL_HOLD_MS: '0' })).toThrow(/LONGPOLL_HOLD_MS must be between/);
    expect(() => loadConfig({ LONGPOLL_HOLD_MS: String(LONGPOLL_HOLD_MIN_MS - 1) })).toThrow(/LONGPOLL_HOLD_MS/);
    expect(() => loadConfig({ LONGPOLL_HOLD_MS: String(HTTP_TIMEOUT_MS) })).toThrow(/LONGPOLL_HOLD_MS must be between/);
    expect(() => loadConfig({ LONGPOLL_HOLD_MS: '25s' })).toThrow(/LONGPOLL_HOLD_MS/);
  });
});
