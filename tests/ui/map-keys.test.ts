import { describe, expect, it } from 'vitest';
import { pointAfterKey } from '@/ui/map-keys';

const TEHRAN = { lat: 35.6892, lng: 51.389 };

describe('the map point by keyboard', () => {
  it('each arrow moves the point one step its own way (west is left in an RTL page too); Shift moves six steps', () => {
    const up = pointAfterKey('ArrowUp', false, TEHRAN, 13)!;
    const down = pointAfterKey('ArrowDown', false, TEHRAN, 13)!;
    const right = pointAfterKey('ArrowRight', false, TEHRAN, 13)!;
    const left = pointAfterKey('ArrowLeft', false, TEHRAN, 13)!;
    expect(up.lat).toBeGreaterThan(TEHRAN.lat);
    expect(down.lat).toBeLessThan(TEHRAN.lat);
    expect([up.lng, down.lng]).toEqual([TEHRAN.lng, TEHRAN.lng]);
    expect(right.lng).toBeGreaterThan(TEHRAN.lng);
    expect(left.lng).toBeLessThan(TEHRAN.lng);
    // Ten pixels at zoom 13: 360 / 2^21 degrees a pixel of longitude.
    expect(right.lng - TEHRAN.lng).toBeCloseTo((10 * 360) / 2 ** 21, 6);
    const far = pointAfterKey('ArrowRight', true, TEHRAN, 13)!;
    expect(far.lng - TEHRAN.lng).toBeCloseTo(6 * (right.lng - TEHRAN.lng), 5);
  });

  it('a step is finer when zoomed in; Enter or Space chooses the point where it is; other keys leave the map alone', () => {
    const near = pointAfterKey('ArrowUp', false, TEHRAN, 16)!.lat - TEHRAN.lat;
    const wide = pointAfterKey('ArrowUp', false, TEHRAN, 11)!.lat - TEHRAN.lat;
    expect(near).toBeLessThan(wide);
    expect(pointAfterKey('Enter', false, { lat: 35.123456789, lng: 51.5 }, 13)).toEqual({ lat: 35.123457, lng: 51.5 });
    expect(pointAfterKey(' ', false, TEHRAN, 13)).toEqual(TEHRAN);
    for (const key of ['Tab', 'a', '+', 'Escape']) expect(pointAfterKey(key, false, TEHRAN, 13)).toBeNull();
  });

  it('the point stays on the map: latitude stops at the Mercator limit and longitude wraps at 180°', () => {
    expect(pointAfterKey('ArrowUp', true, { lat: 85.05, lng: 0 }, 0)!.lat).toBeLessThanOrEqual(85.05112878);
    expect(pointAfterKey('ArrowRight', true, { lat: 0, lng: 179.99 }, 5)!.lng).toBeLessThan(-170);
  });
});
