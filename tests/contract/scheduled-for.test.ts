import { describe, expect, it } from 'vitest';
import { scheduledFor } from '@contract/rules/delivery-time';

describe('when a placed order is wanted', () => {
  // Placed at 23:40 on 7 December 2026, Tehran (20:10 UTC).
  const placed = new Date('2026-12-07T20:10:00Z');

  it("Scenario: 'now' is wanted as soon as possible: no time", () => {
    expect(scheduledFor('now', placed)).toBeNull();
  });

  it('Scenario: a later time is on the Tehran day the order was placed, not the UTC day', () => {
    expect(scheduledFor('23:55', placed)?.toISOString()).toBe('2026-12-07T20:25:00.000Z');
    // Placed at 00:20 Tehran on the 8th (20:50 UTC on the 7th): its 12:30 is on the 8th.
    expect(scheduledFor('12:30', new Date('2026-12-07T20:50:00Z'))?.toISOString()).toBe('2026-12-08T09:00:00.000Z');
  });

  it('Scenario: a pre-order is on its own day and time, Tehran', () => {
    expect(scheduledFor('2026-12-10 12:30', placed)?.toISOString()).toBe('2026-12-10T09:00:00.000Z');
  });
});
