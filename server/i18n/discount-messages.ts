/**
 * The owner's discount codes (issue 32): the console's refusals of a code's fields (contract/rules/discount-codes.ts)
 * and checkout's refusals of the new rules (not yet started, online payment only); spread into messages.ts.
 */
export const discountMessages = {
  discount_code_not_found: { fa: 'این کد تخفیف در این فروشگاه پیدا نشد.', en: 'This discount code was not found at this shop.' },
  discount_code_taken: { fa: 'این فروشگاه کد تخفیف «{code}» را دارد؛ کد دیگری بنویسید.', en: 'This shop already has the code "{code}"; write another one.' },
  discount_code_text: {
    fa: 'کد تخفیف {min} تا {max} نویسه است: حروف انگلیسی، رقم، - یا _.',
    en: 'A code is {min} to {max} characters: letters A–Z, digits, - or _.',
  },
  discount_percent_range: { fa: 'درصد تخفیف عددی صحیح از ۱ تا ۱۰۰ است.', en: 'A percent is a whole number from 1 to 100.' },
  discount_amount_invalid: { fa: 'مبلغ تخفیف عددی صحیح و دست‌کم ۱ است.', en: 'The amount is a whole number of at least 1.' },
  discount_cap_invalid: { fa: 'سقف تخفیف عددی صحیح و دست‌کم ۱ است، یا خالی.', en: 'The maximum is a whole number of at least 1, or empty.' },
  discount_min_order_invalid: { fa: 'حداقل سفارش عددی صحیح و صفر یا بیشتر است.', en: 'The minimum order is a whole number, zero or more.' },
  discount_limit_invalid: { fa: 'محدودیت استفاده عددی صحیح و دست‌کم ۱ است، یا خالی.', en: 'A usage limit is a whole number of at least 1, or empty.' },
  discount_per_user_above_total: {
    fa: 'محدودیت هر مشتری نمی‌تواند از محدودیت کل بیشتر باشد.',
    en: 'The limit per customer cannot be above the limit in all.',
  },
  discount_end_before_start: { fa: 'پایان اعتبار باید بعد از شروع آن باشد.', en: 'The end must be after the start.' },
  discount_date_invalid: { fa: 'تاریخ واردشده معتبر نیست.', en: 'This date is not valid.' },
  discount_code_locked: {
    fa: 'این کد استفاده شده است؛ متن و نوع آن دیگر تغییر نمی‌کند (می‌توانید آن را غیرفعال کنید و کد تازه بسازید).',
    en: 'This code has been used; its text and kind can no longer change (you can disable it and create a new one).',
  },
  discount_limit_below_uses: {
    fa: 'این کد {uses} بار استفاده شده است؛ محدودیت کل نمی‌تواند کمتر از آن باشد.',
    en: 'This code has been used {uses} times; the limit in all cannot be below that.',
  },
  discount_not_started: { fa: 'این کد تخفیف هنوز فعال نشده است.', en: 'This discount code is not active yet.' },
  discount_online_only: {
    fa: 'این کد تخفیف فقط برای پرداخت آنلاین است؛ پرداخت آنلاین را انتخاب کنید یا کد را بردارید.',
    en: 'This discount code is for online payment only; choose online payment or remove the code.',
  },
} as const;
