/**
 * The console's customer messages: refusals of its codes and the submissions CSV's headers; spread
 * into messages.ts.
 */
export const customerMessageMessages = {
  contact_message_not_found: { fa: 'این پیام تماس در این فروشگاه پیدا نشد.', en: 'This contact message was not found at this shop.' },
  public_message_not_found: { fa: 'این پیام عمومی در این فروشگاه پیدا نشد.', en: 'This public message was not found at this shop.' },
  public_message_blank: { fa: 'متن پیام را بنویسید؛ پیام خالی فرستاده نمی‌شود.', en: 'Write the message; a blank message is not sent.' },
  csv_when: { fa: 'زمان', en: 'When' },
  csv_jalali_date: { fa: 'تاریخ شمسی', en: 'Jalali date' },
  csv_form: { fa: 'فرم', en: 'Form' },
  csv_customer_name: { fa: 'نام مشتری', en: 'Customer name' },
  csv_mobile: { fa: 'موبایل', en: 'Mobile' },
  csv_language: { fa: 'زبان', en: 'Language' },
} as const;
