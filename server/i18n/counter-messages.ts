/**
 * The console's counter texts of issue 30's promises (owner-only codes, access requests, wallets, the team, the
 * counter's settings) and the SMS the customer gets; spread into messages.ts. Amounts arrive formatted.
 */
export const counterMessages = {
  owner_only: { fa: 'این کار فقط از مالک فروشگاه برمی‌آید.', en: "Only the shop's owner can do this." },
  access_request_not_found: { fa: 'این درخواست دسترسی پیدا نشد.', en: 'This access request could not be found.' },
  access_already_answered: { fa: 'به این درخواست دسترسی قبلا پاسخ داده شده است.', en: 'This access request has already been answered.' },
  access_reason_required: { fa: 'برای رد درخواست، دلیل آن را بنویسید.', en: 'Write the reason for declining the request.' },
  sms_access_approved: { fa: '{shop}: درخواست دسترسی شما تایید شد. اکنون قیمت‌ها را می‌بینید.', en: '{shop}: your access request was approved. You can see the prices now.' },
  sms_access_denied: { fa: '{shop}: درخواست دسترسی شما رد شد. دلیل: {reason}', en: '{shop}: your access request was declined. Reason: {reason}' },
  counter_customer_not_found: { fa: 'این مشتری در این فروشگاه پیدا نشد.', en: 'This customer could not be found at this shop.' },
  wallet_amount_zero: { fa: 'مبلغ تغییر کیف پول نمی‌تواند صفر باشد.', en: 'The wallet adjustment cannot be zero.' },
  wallet_reason_required: { fa: 'دلیل تغییر کیف پول را بنویسید؛ مشتری آن را می‌بیند.', en: 'Write the reason for the adjustment; the customer reads it.' },
  staff_wallet_limit: {
    fa: 'هر تغییر کیف پول توسط کارمند حداکثر {limit} است؛ برای بیشتر، از مالک فروشگاه بخواهید.',
    en: "Staff may change a wallet by at most {limit} at once; ask the shop's owner for more.",
  },
  staff_wallet_day_limit: {
    fa: 'کارمند در هر روز حداکثر {limit} به کیف پول‌ها اضافه می‌کند؛ امروز {used} اضافه شده است. برای بیشتر، از مالک فروشگاه بخواهید.',
    en: "Staff may add at most {limit} to wallets a day; {used} has been added today. Ask the shop's owner for more.",
  },
  wallet_below_zero: {
    fa: 'موجودی کیف پول {balance} است و نمی‌تواند منفی شود.',
    en: 'The wallet holds {balance} and cannot go below zero.',
  },
  username_taken: { fa: 'این نام کاربری قبلا ثبت شده است.', en: 'This username is already taken.' },
  staff_name_required: { fa: 'نام و نام کاربری را وارد کنید.', en: 'Enter the name and the username.' },
  staff_member_not_found: { fa: 'این عضو تیم پیدا نشد.', en: 'This team member could not be found.' },
  last_owner: {
    fa: 'فروشگاه دست‌کم یک مالک فعال لازم دارد؛ اول مالک دیگری تعیین کنید.',
    en: 'The shop needs at least one enabled owner; make someone else an owner first.',
  },
} as const;
