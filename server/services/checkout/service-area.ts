import { distanceKm, type Point } from '@contract/rules/distance';
import type { ShopRow } from '../../db/schema';
import type { Repositories } from '../../repositories';

export interface ServiceArea {
  /** whether some branch's radius covers the point (true when the shop defines no area) */
  inRange: boolean;
  /** km to the nearest branch, rounded to 0.1; null outside the distance area */
  distance: number | null;
  /** the covering (or nearest) branch's name */
  branchName: string;
}

/** The branches that deliver: the shop itself and, for a master, its branches; only those with a position and radius. */
async function servicePoints(shop: ShopRow, repos: Repositories): Promise<ShopRow[]> {
  const branches = [shop, ...(await repos.branches.list())];
  return branches.filter((branch) => branch.lat !== null && branch.lng !== null && branch.radiusService > 0);
}

/** Whether couriers reach `point` ("out of range" otherwise, spec §5). */
export async function serviceAreaOf(shop: ShopRow, repos: Repositories, point: Point): Promise<ServiceArea> {
  const points = await servicePoints(shop, repos);
  if (points.length === 0) return { inRange: true, distance: null, branchName: shop.name };
  let nearest: { branch: ShopRow; km: number | null } | null = null;
  for (const branch of points) {
    const km = distanceKm({ lat: branch.lat as number, lng: branch.lng as number }, point);
    if (km !== null && km <= branch.radiusService) return { inRange: true, distance: km, branchName: branch.name };
    if (!nearest || (km !== null && (nearest.km === null || km < nearest.km))) nearest = { branch, km };
  }
  return { inRange: false, distance: nearest?.km ?? null, branchName: nearest?.branch.name ?? shop.name };
}
