/**
 * The upload endpoint's texts (issue 13), spread into messages.ts. The first three are spec §5's and
 * §8's: 'لطفا فایل خود را انتخاب کنید' word for word, and the English 'unauthorized file type' /
 * 'unauthorized file size' followed by what is allowed. {max} is in MB or megapixels, {wait} in seconds.
 */
export const uploadMessages = {
  upload_ads_only: { fa: 'این فروشگاه آگهی ندارد؛ عکس آگهی اینجا پذیرفته نمی‌شود.', en: 'This shop has no classified ads; an ad picture is not accepted here.' },
  upload_file_required: { fa: 'لطفا فایل خود را انتخاب کنید', en: 'Please choose your file' },
  upload_one_file: { fa: 'هر بار فقط یک فایل بفرستید.', en: 'Send one file at a time.' },
  upload_file_type: {
    fa: 'نوع فایل مجاز نیست؛ فقط تصویر JPEG، PNG یا WebP بفرستید.',
    en: 'unauthorized file type: only JPEG, PNG and WebP pictures can be sent.',
  },
  upload_file_size: {
    fa: 'حجم فایل مجاز نیست؛ حداکثر {max} مگابایت.',
    en: 'unauthorized file size: at most {max} MB.',
  },
  upload_file_pixels: {
    fa: 'حجم فایل مجاز نیست؛ ابعاد تصویر حداکثر {max} مگاپیکسل است.',
    en: 'unauthorized file size: a picture may have at most {max} megapixels.',
  },
  upload_length_required: {
    fa: 'اندازه فایل ارسالی مشخص نیست؛ لطفا دوباره تلاش کنید.',
    en: 'The upload must state its size (Content-Length); please try again.',
  },
  upload_limit_user: {
    fa: 'تعداد فایل‌های ارسالی از حساب شما زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.',
    en: 'Too many files were sent from your account; please try again in {wait} seconds.',
  },
  upload_limit_ip: {
    fa: 'تعداد فایل‌های ارسالی از شبکه شما زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.',
    en: 'Too many files were sent from your network; please try again in {wait} seconds.',
  },
  upload_limit_shop: {
    fa: 'تعداد فایل‌های ارسالی کارکنان فروشگاه زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.',
    en: "Too many files were sent by the shop's staff; please try again in {wait} seconds.",
  },
  upload_storage_full: {
    fa: 'فضای ذخیره فایل‌ها در سرور پر است؛ فایل شما ذخیره نشد. لطفا کمی بعد دوباره تلاش کنید.',
    en: "The server's storage for files is full; your file was not saved. Please try again later.",
  },
} as const;
