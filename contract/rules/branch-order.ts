import { distanceKm, parseLocation, type Point } from './distance';

export interface OrderableBranch {
  status: number;
  location: string;
  radius_service: number;
  distance: number | null;
  out_of_range: boolean;
}

/** A branch a customer can order from: open, and its area reaches them (or their position is unknown). */
export const isOrderable = (branch: Pick<OrderableBranch, 'status' | 'out_of_range'>): boolean => branch.status === 1 && !branch.out_of_range;

/** Fills distance and out_of_range of each branch for a visitor at `at` (null: unknown position). */
export function withDistances<T extends OrderableBranch>(branches: readonly T[], at: Point | null): T[] {
  return branches.map((branch) => {
    const center = parseLocation(branch.location);
    const distance = at && center ? distanceKm(center, at) : null;
    return { ...branch, distance, out_of_range: distance === null ? at !== null : distance > branch.radius_service };
  });
}

/** Spec §4 order: status 2 after status 1, in-range before out-of-range, then nearest first (unknown distance last). */
export function sortBranches<T extends OrderableBranch>(branches: readonly T[]): T[] {
  const rank = (branch: T) => (branch.status === 2 ? 1 : 0);
  return [...branches].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Number(a.out_of_range) - Number(b.out_of_range) ||
      (a.distance ?? Number.POSITIVE_INFINITY) - (b.distance ?? Number.POSITIVE_INFINITY),
  );
}
