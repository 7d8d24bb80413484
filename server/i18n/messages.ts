import type { Language } from '@contract/enums';
import { formatNumber } from '@contract/numbers';
import { adMessages } from './ad-messages';
import { consultantMessages } from './consultant-messages';
import { walletChargeMessages } from './wallet-charge-messages';
import { availabilityMessages } from './availability-messages';
import { branchMessages } from './branch-messages';
import { catalogMessages } from './catalog-messages';
import { catalogEditMessages } from './catalog-edit-messages';
import { itemExtrasMessages } from './item-extras-messages';
import { itemDetailsMessages } from './item-details-messages';
import { chatMessages } from './chat-messages';
import { checkoutMessages } from './checkout-messages';
import { formMessages } from './form-messages';
import { shopRulesMessages } from './shop-rules-messages';
import { limitMessages } from './limit-messages';
import { consoleMessages } from './console-messages';
import { contentMessages } from './content-messages';
import { counterMessages } from './counter-messages';
import { discountMessages } from './discount-messages';
import { customerMessageMessages } from './customer-message-messages';
import { moneyMessages } from './money-messages';
import { orderMessages } from './order-messages';
import { pageMessages } from './page-messages';
import { operationsMessages } from './operations-messages';
import { inputExpectations, inputMessages } from './input-messages';
import { uploadMessages } from './upload-messages';
import { shopSettingsMessages } from './shop-settings-messages';

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
  ...catalogMessages,
  ...branchMessages,
  ...checkoutMessages,
  ...shopRulesMessages,
  ...limitMessages,
  ...moneyMessages,
  ...orderMessages,
  ...availabilityMessages,
  ...inputMessages,
  ...pageMessages,
  ...operationsMessages,
  ...formMessages,
  ...uploadMessages,
  ...chatMessages,
  ...contentMessages,
  ...consoleMessages,
  ...counterMessages,
  ...discountMessages,
  ...customerMessageMessages,
  ...adMessages,
  ...consultantMessages,
  ...walletChargeMessages,
  ...catalogEditMessages,
  ...itemExtrasMessages,
  ...itemDetailsMessages,
  ...shopSettingsMessages,
  // Accounts (issue 4)
  cross_origin: { fa: 'درخواست از سایت دیگری ارسال شده و پذیرفته نشد.', en: 'The request came from another site and was refused.' },
  phone_required: { fa: 'شماره تماس اجباری میباشد', en: 'The phone number is required' },
  phone_invalid: { fa: 'شماره موبایل معتبر نیست؛ مثلا ۰۹۱۲۱۲۳۴۵۶۷', en: 'This is not a valid mobile number, e.g. 09121234567' },
  code_required: { fa: 'کد تایید اجباری میباشد', en: 'The verification code is required' },
  code_wrong: { fa: 'کد تایید نادرست است. {left} تلاش دیگر باقی است.', en: 'The verification code is wrong. {left} tries left.' },
  code_expired: { fa: 'کد تایید منقضی شده است؛ کد جدید بخواهید.', en: 'The verification code has expired; ask for a new one.' },
  code_locked: { fa: 'تعداد تلاش‌های نادرست زیاد بود؛ {wait} ثانیه دیگر کد جدید بخواهید.', en: 'Too many wrong tries; ask for a new code in {wait} seconds.' },
  no_login_request: { fa: 'ابتدا شماره تماس خود را وارد کنید.', en: 'Enter your phone number first.' },
  resend_too_soon: { fa: 'لطفا {wait} ثانیه دیگر برای ارسال دوباره کد صبر کنید.', en: 'Please wait {wait} seconds before asking for another code.' },
  sms_limit: { fa: 'تعداد پیامک‌های درخواستی زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.', en: 'Too many codes were requested; please try again in {wait} seconds.' },
  verify_limit: { fa: 'تعداد تلاش‌های نادرست این حساب زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.', en: 'Too many wrong codes for this account; please try again in {wait} seconds.' },
  sms_login_code: { fa: 'کد ورود شما به {shop}: {code}\nاین کد را به کسی ندهید.', en: 'Your {shop} login code: {code}\nDo not share this code.' },
  sms_failed: { fa: 'کد ورود ارسال نشد؛ لطفا کمی بعد دوباره تلاش کنید.', en: 'The login code could not be sent; please try again in a few minutes.' },
  sms_delayed: {
    fa: 'ارسال پیامک کد با تاخیر انجام می‌شود و دوباره تلاش می‌کنیم؛ اگر نرسید، پس از {wait} ثانیه کد تازه بخواهید.',
    en: 'The SMS with your code is delayed and we are trying again; if it does not arrive, ask for a new code after {wait} seconds.',
  },
  name_required_register: { fa: 'وارد کردن نام و نام خانوادگی اجباری می باشد', en: 'Your full name is required' },
  not_verified: { fa: 'ابتدا کد تایید را وارد کنید.', en: 'Enter the verification code first.' },
  profile_id_required: { fa: 'وارد کردن آیدی اجباری است', en: 'The id is required' },
  profile_id_wrong: { fa: 'این آیدی متعلق به حساب شما نیست.', en: 'This id is not your account.' },
  profile_name_required: { fa: 'وارد کردن نام و نام خانوادگی اجباری است', en: 'Your full name is required' },
  profile_gender_required: { fa: 'انتخاب جنسیت اجباری است', en: 'Choosing a gender is required' },
  date_invalid: { fa: 'تاریخ {which} معتبر نیست.', en: 'The {which} date is not a valid date.' },
  date_birth: { fa: 'تولد', en: 'birth' },
  date_marriage: { fa: 'ازدواج', en: 'marriage' },
  text_too_long: { fa: 'فیلد «{field}» حداکثر {max} نویسه است.', en: 'The field "{field}" is at most {max} characters.' },
  wallet_other_user: { fa: 'کیف پول کاربر دیگری قابل مشاهده نیست.', en: 'You cannot see another user\'s wallet.' },
  access_not_needed: { fa: 'این فروشگاه نیازی به درخواست دسترسی ندارد.', en: 'This shop does not need an access request.' },
  access_company_required: { fa: 'نام فروشگاه یا شرکت خود را بنویسید تا فروشگاه بداند چه کسی دسترسی می‌خواهد.', en: 'Please enter your store or company name, so the shop knows who is asking for access.' },
  access_request_pending: { fa: 'درخواست قبلی شما در حال بررسی است.', en: 'Your previous request is still being reviewed.' },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;

/** Expected-value hints for field_invalid, by valibot issue type. */
const expectations: Record<string, Record<Language, string>> = {
  integer: { fa: 'عدد صحیح', en: 'an integer' },
  text: { fa: 'متن', en: 'text' },
  choice: { fa: 'یکی از {options}', en: 'one of {options}' },
  other: { fa: 'نوع نادرست', en: 'wrong type' },
  ...inputExpectations,
};

/**
 * Placeholder values: a number is written in the language's digits (Persian in fa, issue 10
 * defect 7) without grouping, so English texts read as before; a text goes in as given.
 */
export type MessageValues = Record<string, string | number>;

function fill(language: Language, template: string, values: MessageValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : typeof value === 'number' ? formatNumber(value, language, { useGrouping: false }) : value;
  });
}

/** The message `key` in `language`, with {placeholders} filled. */
export function translate(language: Language, key: MessageKey, values: MessageValues = {}): string {
  return fill(language, messages[key][language], values);
}

/** A localised hint of what a field expected. */
export function expectation(language: Language, kind: keyof typeof expectations, values: MessageValues = {}): string {
  return fill(language, (expectations[kind] ?? expectations.other)[language], values);
}
