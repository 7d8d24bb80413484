import type { Cart } from '@contract/entities/cart';
import type { Handlers } from './context';

const emptySummary = (): Cart['summary'] => ({ pure_price: 0, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 0 });

export const cartActions: Handlers<'get_cart'> = {
  // A visitor without a cart gets an empty one; nothing is written until they add a line.
  async get_cart({ user, repos }) {
    if (!user) return { order: null, lines: [], summary: emptySummary() };
    const order = await repos.carts.openCart(user.id);
    if (!order) return { order: null, lines: [], summary: emptySummary() };
    const rows = await repos.carts.lines(order.id);
    const lines = rows.map(({ line, name, nameEn }) => ({
      order_item_id: line.id,
      item_id: line.itemId,
      name,
      name_en: nameEn,
      item_count: line.itemCount,
      price: line.price,
      feature: line.feature,
      color: line.color,
      size: line.size,
      comment: line.comment,
      item_data: line.itemData,
    }));
    const purePrice = lines.reduce(
      (sum, line) => sum + line.item_count * (line.price + line.comment.reduce((extras, extra) => extras + extra.price * extra.count, 0)),
      0,
    );
    return {
      order: { id: order.id, user_id: order.userId, comment: order.comment, amount_wallet_gift: order.amountWalletGift },
      lines,
      summary: { ...emptySummary(), pure_price: purePrice, price: purePrice },
    };
  },
};
