import type { Language } from '@contract/enums';

/** Every text the server itself writes, in both languages. */
export const messages = {
  missing_code: { fa: 'فیلد code ارسال نشده است.', en: 'The code field is missing.' },
  unknown_code: { fa: 'کد «{code}» شناخته نشده است.', en: 'Unknown code "{code}".' },
  field_required: { fa: 'فیلد «{field}» اجباری است.', en: 'The field "{field}" is required.' },
  field_invalid: { fa: 'مقدار فیلد «{field}» نامعتبر است ({expected}).', en: 'The field "{field}" is invalid ({expected}).' },
  body_invalid: { fa: 'درخواست نامعتبر است.', en: 'The request is invalid.' },
  login_required: { fa: 'لطفا ابتدا وارد شوید', en: 'Please log in first' },
  session_invalid: { fa: 'نشست شما منقضی شده است، لطفا دوباره وارد شوید', en: 'Your session has expired, please log in again' },
  shop_not_found: { fa: 'فروشگاه «{slug}» پیدا نشد.', en: 'No shop named "{slug}".' },
  not_found: { fa: 'صفحه مورد نظر پیدا نشد', en: 'The page could not be found' },
  wrong_pass: { fa: 'کلید فروشگاه نادرست است.', en: 'The shop key is wrong.' },
  internal_error: { fa: 'خطایی رخ داده', en: 'An error occurred' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;

/** Expected-value hints for field_invalid, by valibot issue type. */
const expectations: Record<string, Record<Language, string>> = {
  integer: { fa: 'عدد صحیح', en: 'an integer' },
  text: { fa: 'متن', en: 'text' },
  choice: { fa: 'یکی از {options}', en: 'one of {options}' },
  other: { fa: 'نوع نادرست', en: 'wrong type' },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The message `key` in `language`, with {placeholders} filled. */
export function translate(language: Language, key: MessageKey, values: Record<string, string> = {}): string {
  return fill(messages[key][language], values);
}

/** A localised hint of what a field expected. */
export function expectation(language: Language, kind: keyof typeof expectations, values: Record<string, string> = {}): string {
  return fill((expectations[kind] ?? expectations.other)[language], values);
}
