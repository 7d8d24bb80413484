/** Earth radius of spec §9, km. */
export const EARTH_RADIUS_KM = 6371;

export interface Point {
  lat: number;
  lng: number;
}

/** Where a map opens when nothing nearer is known (no address yet, no branch located): Tehran. */
export const TEHRAN_CENTER: Point = { lat: 35.7219, lng: 51.3347 };

/** A latitude within ±90 and a longitude within ±180. */
export const isOnEarth = ({ lat, lng }: Point): boolean => Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** Distances are computed only inside lat 30–40 and lng 40–60 (spec §5). */
export const inDistanceArea = ({ lat, lng }: Point): boolean => lat >= 30 && lat <= 40 && lng >= 40 && lng <= 60;

/** Great-circle distance in km rounded to 0.1, or null when either point is outside the distance area. */
export function distanceKm(from: Point, to: Point): number | null {
  if (!inDistanceArea(from) || !inDistanceArea(to)) return null;
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  const km = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
  return Math.round(km * 10) / 10;
}

/** 'lat,lng' (the Branch.location format) as a point, or null when unparsable. */
export function parseLocation(location: string): Point | null {
  const [lat, lng] = location.split(',').map((part) => Number(part.trim()));
  return Number.isFinite(lat) && Number.isFinite(lng) && location.includes(',') ? { lat, lng } : null;
}

/** Whether `point` lies within `radiusKm` of `center` (false when no distance can be computed). */
export function withinRadius(center: Point, radiusKm: number, point: Point): boolean {
  const distance = distanceKm(center, point);
  return distance !== null && distance <= radiusKm;
}
