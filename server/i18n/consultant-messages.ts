import type { Language } from '@contract/enums';

/** The classifieds profile's consultant codes (spec §6) and the console's list of them. */
export const consultantMessages = {
  consultant_code_required: { fa: 'برای ثبت به‌عنوان مشاور املاک، کد مشاوری را که فروشگاه به شما داده وارد کنید.', en: 'To publish as a real-estate consultant, enter the consultant code the shop gave you.' },
  consultant_code_invalid: { fa: 'این کد مشاور معتبر نیست؛ کدی را که فروشگاه به شما داده وارد کنید.', en: 'This consultant code is not valid; enter the code the shop gave you.' },
  consultant_code_taken: { fa: 'این کد مشاور متعلق به شخص دیگری است.', en: 'This consultant code belongs to someone else.' },
  classifieds_user_type_invalid: { fa: 'نوع آگهی‌دهنده باید «شخص» یا «مشاور املاک» باشد.', en: 'The publisher kind must be "person" or "real-estate consultant".' },
  consultant_code_exists: { fa: 'این کد مشاور پیش‌تر ساخته شده است.', en: 'This consultant code already exists.' },
  consultant_code_not_found: { fa: 'این کد مشاور در این فروشگاه پیدا نشد.', en: 'This consultant code was not found at this shop.' },
} as const satisfies Record<string, Record<Language, string>>;
