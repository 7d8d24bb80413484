import { describe, expect, it } from 'vitest';
import { addressProblem, addressProblems, checkDeliveryTime, distanceKm, sortBranches, withDistances } from '@contract/index';
import { percentOf, splitCredits, splitWallet } from '@contract/rules/money';
import { lastPreorderDay, PREORDER_DAYS_DEFAULT, tehranClock } from '@contract/rules/delivery-time';

describe('checkout rules of the contract', () => {
  it('distance: earth radius 6371 km, rounded to 0.1, only inside lat 30–40 and lng 40–60', () => {
    // Tehran (Azadi) to Isfahan (Naqsh-e Jahan), checked with an independent haversine
    expect(distanceKm({ lat: 35.6997, lng: 51.338 }, { lat: 32.6575, lng: 51.6776 })).toBe(339.7);
    expect(distanceKm({ lat: 35.7, lng: 51.4 }, { lat: 35.7, lng: 51.4 })).toBe(0);
    expect(distanceKm({ lat: 35.7, lng: 51.4 }, { lat: 41, lng: 51.4 })).toBeNull();
    expect(distanceKm({ lat: 29.6, lng: 52.5 }, { lat: 35.7, lng: 51.4 })).toBeNull();
  });

  it('branch order: status 2 after 1, in range before out of range, then nearest first', () => {
    const branch = (name: string, status: number, location: string, radius: number) => ({ name, status, location, radius_service: radius, distance: null, out_of_range: false });
    const at = { lat: 35.7, lng: 51.4 };
    const sorted = sortBranches(
      withDistances(
        [
          branch('closed-near', 2, '35.7,51.4', 10),
          branch('far-out', 1, '32.65,51.67', 8),
          branch('near', 1, '35.71,51.41', 10),
          branch('nearer', 1, '35.7,51.401', 10),
          branch('no-location', 1, '', 5),
        ],
        at,
      ),
    );
    expect(sorted.map((entry) => entry.name)).toEqual(['nearer', 'near', 'far-out', 'no-location', 'closed-near']);
    expect(sorted[2]).toMatchObject({ out_of_range: true });
  });

  it('delivery time: closed switch, hours (also past midnight), past times and bad formats', () => {
    const noon = new Date('2025-06-01T08:30:00Z'); // 12:00 Tehran
    const shift = { open: true, opens_at: '11:00', closes_at: '23:30', preorder_days: PREORDER_DAYS_DEFAULT };
    expect(checkDeliveryTime(shift, 'now', noon)).toEqual({ ok: true, value: 'now' });
    expect(checkDeliveryTime({ ...shift, open: false }, 'now', noon)).toEqual({ ok: false, reason: 'store_closed' });
    expect(checkDeliveryTime(shift, '13:15', noon)).toEqual({ ok: true, value: '13:15' });
    expect(checkDeliveryTime(shift, '11:30', noon)).toEqual({ ok: false, reason: 'preorder_past' });
    expect(checkDeliveryTime(shift, '2025-06-02 09:00', noon)).toEqual({ ok: false, reason: 'preorder_outside_hours' });
    expect(checkDeliveryTime(shift, '25:00', noon)).toEqual({ ok: false, reason: 'preorder_invalid' });
    // Days a month does not have (JavaScript's Date.parse rolls them into the next month).
    for (const day of ['2025-06-31 12:00', '2026-02-29 12:00', '2026-04-31 12:00', '2025-13-01 12:00', '2025-06-00 12:00']) {
      expect(checkDeliveryTime(shift, day, noon)).toEqual({ ok: false, reason: 'preorder_invalid' });
    }
    // A leap day is a day (a shop whose pre-orders reach years ahead).
    expect(checkDeliveryTime({ ...shift, preorder_days: 3650 }, '2028-02-29 12:00', noon)).toEqual({ ok: true, value: '2028-02-29 12:00' });
    expect(checkDeliveryTime({ open: true, opens_at: '18:00', closes_at: '02:00', preorder_days: 7 }, 'now', new Date('2025-06-01T21:30:00Z'))).toEqual({ ok: true, value: 'now' });
    expect(checkDeliveryTime({ open: true, opens_at: null, closes_at: null, preorder_days: 7 }, 'now', new Date('2025-06-01T23:30:00Z'))).toEqual({ ok: true, value: 'now' });
  });

  it('delivery time: a past time at a shop open around the clock has passed (it is not outside the hours)', () => {
    const noon = new Date('2025-06-01T08:30:00Z'); // 12:00 Tehran
    const always = { open: true, opens_at: null, closes_at: null, preorder_days: PREORDER_DAYS_DEFAULT };
    expect(checkDeliveryTime(always, '11:59', noon)).toEqual({ ok: false, reason: 'preorder_past' });
    expect(checkDeliveryTime(always, '00:00', noon)).toEqual({ ok: false, reason: 'preorder_past' });
    expect(checkDeliveryTime(always, '12:01', noon)).toEqual({ ok: true, value: '12:01' });
  });

  it('delivery time: pre-orders reach as far as the shop\'s horizon (default 7 days), counted in Tehran days', () => {
    expect(PREORDER_DAYS_DEFAULT).toBe(7);
    const noon = new Date('2025-06-01T08:30:00Z'); // 12:00 Tehran, 1 June
    const week = { open: true, opens_at: null, closes_at: null, preorder_days: PREORDER_DAYS_DEFAULT };
    expect(checkDeliveryTime(week, '9999-12-31 12:00', noon)).toEqual({ ok: false, reason: 'preorder_too_far' });
    expect(checkDeliveryTime(week, '2025-06-09 00:00', noon)).toEqual({ ok: false, reason: 'preorder_too_far' });
    expect(checkDeliveryTime(week, '2025-06-08 23:59', noon)).toEqual({ ok: true, value: '2025-06-08 23:59' });
    expect(lastPreorderDay(week, noon)).toBe('2025-06-08');
    // Across a month's and a year's end; late evening UTC is already the next day in Tehran.
    expect(lastPreorderDay({ ...week, preorder_days: 2 }, new Date('2025-12-30T21:00:00Z'))).toBe('2026-01-02');
    const sameDay = { ...week, preorder_days: 0 };
    expect(checkDeliveryTime(sameDay, '2025-06-02 12:00', noon)).toEqual({ ok: false, reason: 'preorder_too_far' });
    expect(checkDeliveryTime(sameDay, '13:00', noon)).toEqual({ ok: true, value: '13:00' });
    expect(checkDeliveryTime(sameDay, '2025-06-01 13:00', noon)).toEqual({ ok: true, value: '2025-06-01 13:00' });
  });

  it('address form and money helpers', () => {
    expect(addressProblem({ label: 'خانه من', address: 'تهران، ونک', lat: 35.7, lng: 51.4 })).toBeNull();
    expect(addressProblem({ label: 'خانه', address: 'تهران، ونک', lat: 35.7, lng: 51.4 })).toBeNull();
    expect(addressProblem({ label: 'خان', address: 'تهران، ونک', lat: 35.7, lng: 51.4 })).toBe('address_label_short');
    expect(addressProblem({ label: 'خانه من', address: 'ونک ۱۲', lat: 35.7, lng: null })).toBe('lng_required');
    // One problem per field, so the form shows them all at once (issue 28).
    expect(addressProblems({ label: '', address: 'ونک', lat: null, lng: null })).toEqual(['address_label_required', 'address_short', 'lat_required']);
    expect(addressProblems({ label: 'خانه من', address: '', lat: 35.7, lng: 200 })).toEqual(['address_required', 'coordinates_invalid']);
    expect(percentOf(2_900_000, 5, 'IRR')).toBe(145_000);
    expect(percentOf(999, 10, 'IRR')).toBe(99);
    expect(splitWallet(3_000_000, 1_000_000, 'IRR')).toEqual({ wallet: 1_000_000, payable: 2_000_000 });
    expect(splitWallet(3_000_000, 5_000_000, 'IRR')).toEqual({ wallet: 3_000_000, payable: 0 });
    // The discount bag pays first, the wallet what it leaves; neither past the total, neither below zero.
    expect(splitCredits(3_000_000, 1_000_000, 5_000_000, 'IRR')).toEqual({ gift: 1_000_000, wallet: 2_000_000, payable: 0 });
    expect(splitCredits(3_000_000, 9_000_000, 5_000_000, 'IRR')).toEqual({ gift: 3_000_000, wallet: 0, payable: 0 });
    expect(splitCredits(3_000_000, -500_000, 0, 'IRR')).toEqual({ gift: 0, wallet: 0, payable: 3_000_000 });
  });
});

describe('tehranClock', () => {
  it('gives each instant its own Tehran minute, also when asked again and again within a minute and across midnight', () => {
    const at = (iso: string) => tehranClock(new Date(iso));
    expect(at('2026-03-20T20:29:59.999Z')).toEqual({ date: '2026-03-20', minute: 23 * 60 + 59 });
    expect(at('2026-03-20T20:29:00.000Z')).toEqual({ date: '2026-03-20', minute: 23 * 60 + 59 });
    expect(at('2026-03-20T20:30:00.000Z')).toEqual({ date: '2026-03-21', minute: 0 });
    expect(at('2026-03-20T20:29:30.000Z')).toEqual({ date: '2026-03-20', minute: 23 * 60 + 59 });
    // an answer the caller changes is not what the next caller gets
    const first = at('2026-03-21T05:00:10Z');
    first.minute = -1;
    expect(at('2026-03-21T05:00:50Z')).toEqual({ date: '2026-03-21', minute: 8 * 60 + 30 });
  });
});
