import { createHash, randomBytes } from 'node:crypto';
import { MAX_LINE_COUNT } from '@contract/rules/limits';
import type { orderItems } from '../db/schema';
import type { Repositories } from '../repositories';
import { reopenCart } from './checkout/cart-state';
import { noGateways, type PaymentGateways } from './payments';

/** The anonymous visitor's cart cookie (httpOnly, set on the first cart write). */
export const GUEST_COOKIE = 'gid';
/** A guest cart cookie lives 30 days. */
export const GUEST_COOKIE_SECONDS = 30 * 24 * 3600;

/** A new random guest token (>= 128 bits). */
export const newGuestToken = (): string => randomBytes(24).toString('base64url');

/** The stored key of a guest token: its sha256, so a database leak gives no usable cookie. */
export const guestIdOf = (token: string): string => createHash('sha256').update(`gid:${token}`).digest('hex');

const sameLine = (a: typeof orderItems.$inferSelect, b: typeof orderItems.$inferSelect) =>
  a.itemId === b.itemId &&
  a.feature === b.feature &&
  a.color === b.color &&
  JSON.stringify(a.size) === JSON.stringify(b.size) &&
  JSON.stringify(a.comment) === JSON.stringify(b.comment);

/**
 * Moves a guest's open cart into the account's cart when the guest logs in
 * (issue 5: "an anonymous visitor fills a cart and keeps it through login").
 * No account cart: the guest cart becomes the account's. Otherwise each guest
 * line joins the account cart (same choice: counts add up) and the guest cart goes.
 * An account cart waiting for an online payment is frozen: like every cart write,
 * the merge voids that payment first (reopenCart), so the old amount can never pay
 * for the merged lines. Runs in the login's transaction (a savepoint of it): a merge that fails (the bank
 * cannot be asked about that payment) undoes the login too, so it can be tried again with the same code.
 */
export async function mergeGuestCart(repos: Repositories, guestToken: string | undefined, userId: number, payments: PaymentGateways = noGateways): Promise<void> {
  if (!guestToken) return;
  const guestId = guestIdOf(guestToken);
  await repos.transaction(async (tx) => {
    // Lock order (docs/server.md): the account's owner lock, then the guest's, then the rows.
    await tx.carts.lockOwner({ userId });
    await tx.carts.lockOwner({ guestId });
    const guest = await tx.carts.guestCartLocked(guestId);
    if (!guest) return;
    const theirs = await tx.carts.lineRows(guest.id);
    const found = await tx.carts.currentCart({ userId }, true);
    if (!found) {
      await tx.carts.giveToUser(guest.id, userId);
      return;
    }
    // An empty guest cart changes nothing of the account's (and voids no payment).
    const mine = theirs.length === 0 ? found : await reopenCart({ repos: tx, payments }, found);
    const existing = await tx.carts.lineRows(mine.id);
    for (const line of theirs) {
      const match = existing.find((candidate) => sameLine(candidate, line));
      if (match) {
        // Counts add up to the line limit, as repeat_order's do: a login never refuses a cart.
        match.itemCount = Math.min(MAX_LINE_COUNT, match.itemCount + line.itemCount);
        await tx.carts.setLineCountById(match.id, match.itemCount);
      } else {
        await tx.carts.moveLine(line.id, mine.id);
      }
    }
    await tx.carts.deleteOrder(guest.id);
  });
}
