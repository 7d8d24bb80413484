import { MAP_CELL_DEGREES, MAP_CELL_LEVELS, MAP_GRID_CELLS } from '@contract/rules/ads';

/*
 * The map's fixed grid (docs/classifieds.md, "The map"): level L's cells are MAP_CELL_DEGREES × 2^L degrees square,
 * numbered floor(degrees / size) from the equator and the meridian. Migration 0016's trigger counts published ads per
 * cell with the same arithmetic (double precision), so a cell here is the cell there.
 */

export interface CellRange {
  level: number;
  size: number;
  south: number;
  north: number;
  west: number;
  east: number;
}

export const cellSize = (level: number) => MAP_CELL_DEGREES * 2 ** level;

export const cellOf = (degrees: number, size: number) => Math.floor(degrees / size);

/**
 * The finest level whose cells meeting the bounds are at most MAP_GRID_CELLS along each side (the coarsest level
 * when none is), and those cells: the clusters of a view are its cells' ads, including those just past its edges.
 */
export function cellsOver(bounds: { north: number; south: number; east: number; west: number }): CellRange {
  let range: CellRange | null = null;
  for (let level = 0; level < MAP_CELL_LEVELS; level += 1) {
    const size = cellSize(level);
    range = { level, size, south: cellOf(bounds.south, size), north: cellOf(bounds.north, size), west: cellOf(bounds.west, size), east: cellOf(bounds.east, size) };
    if (range.north - range.south < MAP_GRID_CELLS && range.east - range.west < MAP_GRID_CELLS) break;
  }
  return range!;
}
