import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRef, REFERRAL_KEEP_MS, rememberedRef } from '@/app/referral';

/** The browser's localStorage, one per "browser": every tab of it shares it. */
function storage() {
  const kept = new Map<string, string>();
  return {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
    removeItem: (key: string) => void kept.delete(key),
  };
}

const NOW = Date.UTC(2026, 11, 7, 9, 0);

describe("a friend's share link (?ref=) is kept across tabs and the login", () => {
  beforeEach(() => vi.stubGlobal('localStorage', storage()));
  afterEach(() => vi.unstubAllGlobals());

  it('Scenario: the link lands on the shop; another tab without ?ref (the login in it) still has the code, until it expires', () => {
    expect(rememberedRef('?ref=AB12CD34', NOW)).toBe('AB12CD34');
    // Another tab of the same browser, a day later, with no ?ref in its address.
    expect(rememberedRef('', NOW + 24 * 60 * 60 * 1000)).toBe('AB12CD34');
    expect(rememberedRef('', NOW + REFERRAL_KEEP_MS - 1)).toBe('AB12CD34');
    expect(rememberedRef('', NOW + REFERRAL_KEEP_MS)).toBeNull();
  });

  it('Scenario: spent at registration, it is forgotten in every tab; a newer link takes its place', () => {
    rememberedRef('?ref=AB12CD34', NOW);
    forgetRef();
    expect(rememberedRef('', NOW)).toBeNull();
    rememberedRef('?ref=AB12CD34', NOW);
    expect(rememberedRef('?ref=ZZ99YY88', NOW + 1)).toBe('ZZ99YY88');
    expect(rememberedRef('', NOW + 2)).toBe('ZZ99YY88');
  });
});
