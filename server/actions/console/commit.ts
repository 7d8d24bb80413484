import type { Repositories } from '../../repositories';
import type { StaffContext } from './context';

/**
 * Runs a staff write in one transaction and, once it committed, its follow-ups (live announcements, cache drops on
 * the bus, an SMS): `later` collects them; a write that throws runs none.
 */
export async function staffWrite<Result>(
  context: Pick<StaffContext, 'repos'>,
  write: (tx: Repositories, later: (task: () => Promise<void>) => void) => Promise<Result>,
): Promise<Result> {
  const tasks: (() => Promise<void>)[] = [];
  const result = await context.repos.transaction((tx) => write(tx, (task) => void tasks.push(task)));
  for (const task of tasks) await task();
  return result;
}
