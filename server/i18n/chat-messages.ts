/** The chat's texts (issue 13), spread into messages.ts. Spec §5's refusals word for word in Persian; {wait} is in seconds. */
export const chatMessages = {
  chat_name_required: { fa: 'نام کاربر نباید خالی باشد', en: 'The name must not be empty' },
  chat_message_required: { fa: 'لطفا پیام خود را وارد کنید', en: 'Please enter your message' },
  conversation_not_found: { fa: 'این گفتگو پیدا نشد.', en: 'This conversation could not be found.' },
  conversation_no_replies: {
    fa: 'پاسخ در این گفتگو هنوز به فروشگاه نمی‌رسد. برای نوشتن به فروشگاه از «پشتیبانی» استفاده کنید.',
    en: 'Replies in this conversation do not reach the shop yet. To write to the shop, use Support.',
  },
  chat_limit: {
    fa: 'تعداد پیام‌های شما زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.',
    en: 'You have sent too many messages; please try again in {wait} seconds.',
  },
  chat_limit_network: {
    fa: 'تعداد پیام‌های ارسالی از شبکه شما زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.',
    en: 'Too many messages were sent from your network; please try again in {wait} seconds.',
  },
} as const;
