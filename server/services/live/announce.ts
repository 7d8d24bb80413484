import type { Repositories } from '../../repositories';
import type { LiveEventNotice } from '../events/topics';
import type { LiveHub } from './hub';

/** What a writer of live events needs. */
export interface LiveWriteDeps {
  /** the shop's repositories; with `afterCommit`, bound to the caller's open transaction */
  repos: Repositories;
  live: LiveHub;
  /** set inside a transaction of the caller's (a `writes` code): the announcement waits for its commit */
  afterCommit?: (task: () => Promise<void>) => void;
}

/**
 * Runs `write` (which stores rows and appends their live events) in a transaction and announces
 * the events once it committed: a long-poll woken by the announcement reads committed rows. With
 * `afterCommit` the caller's transaction is used and the announcement runs after it commits.
 */
export async function writeAndAnnounce<Result>(
  deps: LiveWriteDeps,
  write: (tx: Repositories) => Promise<{ result: Result; notices: LiveEventNotice[] }>,
): Promise<Result> {
  if (deps.afterCommit) {
    const { result, notices } = await write(deps.repos);
    deps.afterCommit(() => deps.live.announce(notices));
    return result;
  }
  const { result, notices } = await deps.repos.transaction((tx) => write(tx));
  await deps.live.announce(notices);
  return result;
}
