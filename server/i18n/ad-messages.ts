/**
 * The classifieds' texts (issue 31, docs/classifieds.md), spread into messages.ts. "No ads found" is the client's;
 * the required-box message names the ad form's field ({field} is one of ad_field_names' texts).
 */
export const adMessages = {
  not_classifieds: { fa: 'این فروشگاه آگهی ندارد.', en: 'This shop has no classified ads.' },
  ad_not_found: { fa: 'این آگهی پیدا نشد.', en: 'This ad could not be found.' },
  ad_change_refused: { fa: 'این تغییر در وضعیت فعلی آگهی ممکن نیست.', en: 'This change is not possible in the ad’s current status.' },
  ad_field_required: { fa: 'لطفا کادر «{field}» را پر کنید.', en: 'Please fill in the "{field}" box.' },
  ad_picture_not_yours: { fa: 'تصویر انتخاب‌شده از تصاویر آگهی شما نیست؛ دوباره بارگذاری کنید.', en: 'A chosen picture is not one of your ad pictures; upload it again.' },
  ad_daily_limit: { fa: 'امروز {max} آگهی ثبت کرده‌اید؛ فردا دوباره تلاش کنید.', en: 'You have submitted {max} ads today; try again tomorrow.' },
  ad_duplicate: { fa: 'آگهی دیگری از شما با همین عنوان در همین محله هست.', en: 'You already have an ad with this title in this neighborhood.' },
  ad_report_limit: { fa: 'امروز {max} گزارش فرستاده‌اید؛ فردا دوباره تلاش کنید.', en: 'You have sent {max} reports today; try again tomorrow.' },
  ad_report_reason_required: { fa: 'دلیل گزارش را دست‌کم در {min} نویسه بنویسید.', en: 'Write the reason of the report in at least {min} characters.' },
  ad_already_reported: { fa: 'این آگهی را قبلا گزارش کرده‌اید.', en: 'You have already reported this ad.' },
  ad_own: { fa: 'این آگهی خودتان است.', en: 'This is your own ad.' },
  ad_publisher_deleted: { fa: 'آگهی‌دهنده حذف شده است و پیامی به او نمی‌رسد.', en: 'The publisher was deleted; no message can reach them.' },
  ad_reason_required: { fa: 'دلیل را دست‌کم در {min} نویسه بنویسید تا آگهی‌دهنده ببیند.', en: 'Write the reason in at least {min} characters for the publisher to see.' },
  saved_search_limit: { fa: 'بیش از {max} جستجو نمی‌توانید ذخیره کنید؛ یکی را حذف کنید.', en: 'You cannot save more than {max} searches; remove one first.' },
  saved_search_not_found: { fa: 'این جستجوی ذخیره‌شده پیدا نشد.', en: 'This saved search could not be found.' },
} as const;

/** The words a saved search's name is made of when its owner gives none (the app's own words for the choices). */
export const savedSearchWords = {
  request: {
    sale: { fa: 'فروش', en: 'For sale' },
    rent: { fa: 'اجاره', en: 'For rent' },
    buy: { fa: 'خریدار', en: 'Wanted to buy' },
    partnership: { fa: 'مشارکت', en: 'Partnership' },
  },
  type: {
    apartment: { fa: 'آپارتمان', en: 'Apartment' },
    house: { fa: 'خانه', en: 'House' },
    land: { fa: 'زمین', en: 'Land' },
    office: { fa: 'دفتر کار', en: 'Office' },
    shop: { fa: 'مغازه', en: 'Shop' },
    commercial: { fa: 'ملک تجاری', en: 'Commercial property' },
    warehouse: { fa: 'انبار', en: 'Warehouse' },
  },
  all: { fa: 'همه آگهی‌ها', en: 'All ads' },
  placeSeparator: { fa: '، ', en: ', ' },
} as const;

/** The ad form's fields as its boxes name them (the required-box message). */
export const adFieldNames = {
  title: { fa: 'عنوان', en: 'Title' },
  province: { fa: 'استان', en: 'Province' },
  city: { fa: 'شهر', en: 'City' },
  neighborhood: { fa: 'محله', en: 'Neighborhood' },
  meterage: { fa: 'متراژ', en: 'Meterage' },
  location: { fa: 'موقعیت روی نقشه', en: 'Location on the map' },
  business_class: { fa: 'صنف', en: 'Business class' },
  total_price: { fa: 'قیمت کل', en: 'Total price' },
  deposit: { fa: 'ودیعه', en: 'Deposit' },
  monthly_rent: { fa: 'اجاره ماهانه', en: 'Monthly rent' },
  partnership_for: { fa: 'مشارکت برای', en: 'Partnership for' },
} as const;
