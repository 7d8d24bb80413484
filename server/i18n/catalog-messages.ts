/** The catalog's server texts (issue 3), spread into messages.ts. */
export const catalogMessages = {
  offset_negative: { fa: 'مقدار offset نمی‌تواند منفی باشد.', en: 'The offset cannot be negative.' },
  limit_out_of_range: { fa: 'مقدار limit باید بین ۱ و {max} باشد.', en: 'The limit must be between 1 and {max}.' },
  page_out_of_range: { fa: 'شماره صفحه باید ۱ یا بیشتر باشد.', en: 'The page number must be 1 or more.' },
  price_range_reversed: { fa: 'حداقل قیمت نمی‌تواند از حداکثر قیمت بیشتر باشد.', en: 'The minimum price cannot be above the maximum price.' },
  price_negative: { fa: 'قیمت نمی‌تواند منفی باشد.', en: 'A price cannot be negative.' },
  product_not_found: { fa: 'محصول مورد نظر پیدا نشد', en: 'The product could not be found' },
  folder_not_found: { fa: 'دسته‌بندی مورد نظر پیدا نشد', en: 'The category could not be found' },
  post_not_found: { fa: 'مطلب مورد نظر پیدا نشد', en: 'The post could not be found' },
  contact_required: { fa: 'لطفا نام، ایمیل و شماره تماس را وارد کنید', en: 'Please fill in your name, email and phone' },
  contact_email_invalid: { fa: 'ایمیل وارد شده معتبر نیست', en: 'The email address is not valid' },
  contact_phone_invalid: { fa: 'شماره تماس وارد شده معتبر نیست', en: 'The phone number is not valid' },
} as const;
