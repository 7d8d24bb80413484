import { describe, expect, it } from 'vitest';
import { endpoints } from '@contract/api';
import { firstVisitEndpoints } from '@contract/endpoints/first-visit';
import { laterEndpoints } from '@contract/endpoints/later';
import { BOOT_STEPS } from '@contract/boot';

describe('the storefront\'s two groups of codes', () => {
  it('Scenario: every code is in exactly one group, with the same schemas as the contract\'s map', () => {
    const first = Object.keys(firstVisitEndpoints);
    const later = Object.keys(laterEndpoints);
    expect(first.filter((code) => later.includes(code))).toEqual([]);
    expect([...first, ...later].sort()).toEqual(Object.keys(endpoints).sort());
    for (const [code, endpoint] of Object.entries({ ...firstVisitEndpoints, ...laterEndpoints })) expect(endpoint, code).toBe(endpoints[code as keyof typeof endpoints]);
  });

  it('Scenario: the first page\'s codes (start-up steps, the long poll) need no second chunk', () => {
    for (const { code } of BOOT_STEPS) expect(Object.keys(firstVisitEndpoints), code).toContain(code);
    expect(Object.keys(firstVisitEndpoints)).toContain('longpull');
  });
});
