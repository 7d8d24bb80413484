import { AD_POSITION_BLUR_METERS } from '@contract/rules/ads';

const METERS_PER_DEGREE = 111_320;

/**
 * The point others see of an ad (spec §7's randomize_geoLocation): the exact one moved by a random distance within
 * AD_POSITION_BLUR_METERS in a random direction. Drawn once when the point is written and kept, so asking again
 * never narrows it down.
 */
export function blurredPoint(point: { lat: number; lng: number }, random: () => number = Math.random): { lat: number; lng: number } {
  const { min, max } = AD_POSITION_BLUR_METERS;
  const meters = min + random() * (max - min);
  const bearing = random() * 2 * Math.PI;
  const lat = point.lat + (meters * Math.cos(bearing)) / METERS_PER_DEGREE;
  const lng = point.lng + (meters * Math.sin(bearing)) / (METERS_PER_DEGREE * Math.max(Math.cos((point.lat * Math.PI) / 180), 0.01));
  return { lat: Math.max(-90, Math.min(90, lat)), lng: Math.max(-180, Math.min(180, lng)) };
}

/** Meters between two points (equirectangular: exact enough over the few hundred meters it measures). */
export function metersBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const x = ((b.lng - a.lng) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180)) * METERS_PER_DEGREE;
  const y = (b.lat - a.lat) * METERS_PER_DEGREE;
  return Math.hypot(x, y);
}
