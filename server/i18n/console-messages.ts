/** The operator console's texts (staff login and session), spread into messages.ts; {wait} is in seconds. */
export const consoleMessages = {
  staff_credentials_required: { fa: 'نام کاربری و رمز عبور را وارد کنید.', en: 'Enter your username and password.' },
  // The same words for an unknown username and a wrong password: the reply must not tell them apart.
  staff_login_failed: { fa: 'نام کاربری یا رمز عبور نادرست است.', en: 'The username or password is wrong.' },
  staff_disabled: { fa: 'این حساب غیرفعال شده است؛ با مدیر فروشگاه تماس بگیرید.', en: 'This account has been disabled; ask the shop\'s owner.' },
  staff_login_limit: {
    fa: 'تعداد تلاش‌های نادرست ورود زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.',
    en: 'Too many failed logins; please try again in {wait} seconds.',
  },
  staff_login_required: { fa: 'لطفا ابتدا وارد پنل فروشگاه شوید.', en: 'Please log into the shop\'s console first.' },
  inbox_customer_not_found: { fa: 'این مشتری در این فروشگاه پیدا نشد.', en: 'This customer could not be found at this shop.' },
} as const;
