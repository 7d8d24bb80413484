import type { Language } from '@contract/enums';

/** Texts about hostile or oversized input (issue 9), spread into messages.ts. */
export const inputMessages = {
  address_limit: {
    fa: 'حداکثر {max} آدرس می‌توانید ذخیره کنید؛ برای افزودن آدرس تازه، یکی از آدرس‌های قبلی را حذف کنید.',
    en: 'You can save at most {max} addresses; delete one of them to add a new one.',
  },
  body_too_large: { fa: 'حجم درخواست بیش از حد مجاز است.', en: 'The request is too large.' },
  form_data_required: { fa: 'درخواست باید به صورت فرم (form-data) ارسال شود.', en: 'Send the request as form data (form-data or urlencoded).' },
} as const;

/** Expected-value hints for field_invalid beyond a type: ranges, lengths, control characters, JSON. */
export const inputExpectations: Record<string, Record<Language, string>> = {
  at_least: { fa: 'عدد صحیح دست‌کم {min}', en: 'a whole number of at least {min}' },
  at_most: { fa: 'عدد صحیح حداکثر {max}', en: 'a whole number of at most {max}' },
  min_length: { fa: 'دست‌کم {min} نویسه', en: 'at least {min} characters' },
  list_max: { fa: 'فهرستی با حداکثر {max} مورد', en: 'a list of at most {max} entries' },
  control: { fa: 'متن بدون نویسه‌های کنترلی', en: 'text without control characters' },
  json: { fa: 'JSON معتبر', en: 'valid JSON' },
  // Classifieds' filters and map (contract/endpoints/ads.ts): an inverted range is refused, not swapped.
  inverted_range: { fa: 'بازه‌ای که کمینه‌اش از بیشینه بیشتر نباشد', en: 'a range whose minimum is not above its maximum' },
  invalid_bounds: { fa: 'محدوده‌ای معتبر از نقشه', en: 'valid map bounds' },
  // A slide's or banner's link (contract/rules/shop-content.ts).
  content_link: { fa: 'مسیری در همین سایت که با / آغاز شود، یا نشانی https', en: 'a path on this site starting with /, or an https address' },
};
