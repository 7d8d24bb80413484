import { customerAudience } from '../live/audiences';
import type { ActionContext } from '../context';

/**
 * Tells every session of the account that its cart changed (live event `cart_changed`): its other tabs and devices read
 * it again instead of writing from a stale view. A guest has no live channel (their tabs share one browser).
 */
export async function announceCartChange(context: ActionContext, orderId: number | null): Promise<void> {
  if (!context.user || orderId === null) return;
  const notices = await context.repos.live.append([{ audience: customerAudience(context.shop.id, context.user.id), type: 'cart_changed', payload: { order_id: orderId } }]);
  // A `writes` code: the polls woken must read the committed cart.
  context.afterCommit(() => context.live.announce(notices));
}
