import type { ActionContext } from './context';
import { VISIT_DEDUPE_SECONDS } from './anonymous-limits';

/**
 * Counts a product page visit at most once per visitor per product per rolling day,
 * so best sellers (which fall back to visits) cannot be pumped by reposting.
 * The visitor is the account, else the client address — not the guest cookie,
 * which a client can make up anew for every request. Returns the product's visits.
 */
export async function countVisit(context: ActionContext, itemId: number): Promise<number> {
  const visitor = context.user ? `user:${context.user.id}` : `ip:${context.http.ip}`;
  return context.repos.transaction(async (repos) => {
    const slot = await repos.takeSlot({
      kind: 'visit',
      subject: `item:${itemId}:${visitor}`,
      limit: 1,
      windowSeconds: VISIT_DEDUPE_SECONDS,
      now: context.clock(),
    });
    return 'eventId' in slot ? repos.catalog.addVisit(itemId) : repos.catalog.visits(itemId);
  });
}
