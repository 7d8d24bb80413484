import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { shops, users } from '../db/schema';
import { createConversationRepository } from '../repositories/conversation-repository';
import { createShopMessageRepository } from '../repositories/public-message-repository';
import { createSupportRepository } from '../repositories/support-repository';
import { DEMO_CUSTOMER } from './demo-customer';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * The grocery's two public messages and, where the demo customer was seeded (not in production), its
 * mailbox (README, demo shops), so /support and /messages have something to show: a support chat with
 * an unread reply and a conversation with the shop. No live events: they are history, not news.
 */
export async function seedDemoChat(tx: Database): Promise<void> {
  const [shop] = await tx.select().from(shops).where(eq(shops.slug, DEMO_CUSTOMER.shopSlug));
  if (!shop) return;
  // The shop's public notices are everyone's; the rest is the demo customer's, who production does not have.
  const board = createShopMessageRepository(tx, shop);
  await board.insert({ name: shop.name, body: 'ساعت کاری فروشگاه در روزهای تعطیل از ۹ صبح تا ۹ شب است.', at: minutesAgo(60 * 24 * 3) });
  await board.insert({ name: shop.name, body: 'ارسال رایگان برای خریدهای بالای ۵۰۰ هزار تومان تا پایان هفته.', at: minutesAgo(60 * 5) });

  const [customer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.rootId, shop.rootId ?? shop.id), eq(users.mobile, DEMO_CUSTOMER.phone)));
  if (!customer) return;

  const support = createSupportRepository(tx, shop, customer.id);
  await support.insert({ sender: 'user', name: DEMO_CUSTOMER.name, body: 'سلام، سفارش امروز من کی می‌رسد؟', media: null, at: minutesAgo(45) });
  await support.insert({ sender: 'shop', name: shop.name, body: 'سلام، سفارش شما در راه است و تا نیم ساعت دیگر می‌رسد.', media: null, at: minutesAgo(40) });

  const mailbox = createConversationRepository(tx, shop, customer.id);
  const conversation = await mailbox.open(null, 'پیگیری سفارش');
  await mailbox.insertMessage(conversation.id, 'آیا امکان تعویض کالا هست؟', minutesAgo(60 * 2));
  await mailbox.insertMessage(conversation.id, 'بله، تا ۷ روز پس از خرید با فاکتور امکان تعویض هست.', minutesAgo(60 * 2 - 10), { fromShop: true });
}
