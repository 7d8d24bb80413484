import type { Point } from '@contract/rules/distance';

/** How long the device may take to find the visitor (GPS outdoors is quick; a cold start indoors is not). */
const LOCATE_TIMEOUT_MS = 15_000;

/**
 * The device's position through the browser's prompt. Rejects with `code: 'denied'` when the visitor
 * (or the site's permission) refused, `'unavailable'` when there is no position or no geolocation.
 */
export function devicePosition(): Promise<Point> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(Object.assign(new Error('no geolocation'), { code: 'unavailable' }));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => reject(Object.assign(new Error(error.message), { code: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' })),
      { enableHighAccuracy: false, timeout: LOCATE_TIMEOUT_MS, maximumAge: 300_000 },
    );
  });
}
