import { test } from '../fixtures';
import type { Page } from '@playwright/test';
import { leafIds, type ChartMap, type ChartPath } from './chart-model';

/** Drives one model path in the browser: each step's person event as the map says it is done, then each state as it is seen. */
export async function drive<TWorld>(page: Page, map: ChartMap<TWorld>, path: ChartPath, world: TWorld): Promise<void> {
  for (const [index, step] of path.steps.entries()) {
    const mapping = map.events[step.event.type];
    if (index > 0 && mapping && 'does' in mapping) {
      await test.step(`does ${step.event.type}`, () => mapping.does(page, world, step.event, path.steps[index - 1].state));
    }
    for (const id of leafIds(step.state)) {
      const seen = map.states[id];
      if ('sees' in seen) await test.step(`sees ${id}`, () => seen.sees(page, world, step.state));
    }
  }
}
