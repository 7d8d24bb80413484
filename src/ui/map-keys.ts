/** A point on the map. */
export interface MapPoint {
  lat: number;
  lng: number;
}

/** How far one arrow key moves the map's point, in screen pixels at the map's zoom (with Shift: BIG). */
export const MAP_KEY_STEP_PX = { small: 10, big: 60 } as const;
/** Web Mercator's latitude limit: a point beyond it is off every tile. */
const LAT_LIMIT = 85.051128; // rounded down to the 6 decimals a point keeps
const ARROWS: Record<string, { lat: number; lng: number }> = {
  ArrowUp: { lat: 1, lng: 0 },
  ArrowDown: { lat: -1, lng: 0 },
  ArrowRight: { lat: 0, lng: 1 },
  ArrowLeft: { lat: 0, lng: -1 },
};

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const wrapLng = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;

/**
 * The point a key puts on the map, or null for a key the map leaves alone. Arrows move `from` (the point, or the
 * map's centre while none is chosen) north, south, east or west by MAP_KEY_STEP_PX at `zoom`, whatever the page's
 * direction (a map's west is always left); Enter and Space choose `from` itself. Rounded to 6 decimals (~0.1 m).
 */
export function pointAfterKey(key: string, shift: boolean, from: MapPoint, zoom: number): MapPoint | null {
  if (key === 'Enter' || key === ' ') return { lat: round(from.lat), lng: round(from.lng) };
  const arrow = ARROWS[key];
  if (!arrow) return null;
  // Degrees of longitude per pixel at this zoom (256-pixel tiles); a pixel north covers cos(lat) as many degrees.
  const lngStep = ((shift ? MAP_KEY_STEP_PX.big : MAP_KEY_STEP_PX.small) * 360) / (256 * 2 ** zoom);
  const latStep = lngStep * Math.cos((from.lat * Math.PI) / 180);
  const lat = Math.max(-LAT_LIMIT, Math.min(LAT_LIMIT, from.lat + arrow.lat * latStep));
  return { lat: round(lat), lng: round(wrapLng(from.lng + arrow.lng * lngStep)) };
}
