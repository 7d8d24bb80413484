import { inDistanceArea } from './distance';

/*
 * The owner's service area per branch (issue 32): each branch's point and the radius its couriers ride. The
 * checkout's out_of_range (server/services/checkout/service-area.ts) reads these. The console's chart and the server
 * check the same rule.
 */

/** Longest courier radius, km; 0 = the branch sets no area (with no branch setting one, every address is in range). */
export const SERVICE_RADIUS_KM = { min: 0, max: 100 } as const;

/** One branch's area as the owner sends it: the shop itself or one of its branches (`id`). */
export interface ShopAreaInput {
  id: number;
  lat: number;
  lng: number;
  radius_service: number;
}

export type ShopAreaField = `${number}.${'lat' | 'lng' | 'radius_service'}` | 'areas';
/** not_number: empty or not a number; outside_map: a point where no distance is computed (spec §5: lat 30–40, lng 40–60) */
export type ShopAreaProblem = 'not_number' | 'outside_map' | 'out_of_range' | 'branch_twice';
export type ShopAreaProblems = Partial<Record<ShopAreaField, ShopAreaProblem>>;

/** Each branch once; its point where distances are measured; its radius within bounds. */
export function shopAreaProblems(areas: readonly ShopAreaInput[]): ShopAreaProblems {
  const problems: ShopAreaProblems = {};
  if (new Set(areas.map((area) => area.id)).size !== areas.length) problems.areas = 'branch_twice';
  for (const area of areas) {
    for (const field of ['lat', 'lng', 'radius_service'] as const) if (!Number.isFinite(area[field])) problems[`${area.id}.${field}`] = 'not_number';
    if (Number.isFinite(area.lat) && Number.isFinite(area.lng) && !inDistanceArea(area)) problems[`${area.id}.${Number.isFinite(area.lat) && (area.lat < 30 || area.lat > 40) ? 'lat' : 'lng'}`] = 'outside_map';
    if (Number.isFinite(area.radius_service) && (area.radius_service < SERVICE_RADIUS_KM.min || area.radius_service > SERVICE_RADIUS_KM.max)) problems[`${area.id}.radius_service`] = 'out_of_range';
  }
  return problems;
}
