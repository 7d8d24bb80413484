/** The owner's storefront content (issue 32: content pages, slides, banners), spread into messages.ts. */
export const contentMessages = {
  picture_not_found: { fa: 'این تصویر از تصاویر این فروشگاه نیست.', en: 'This picture is not one of this shop’s pictures.' },
  home_picture_not_found: { fa: 'این اسلاید یا بنر پیدا نشد.', en: 'This slide or banner could not be found.' },
  home_pictures_full: { fa: 'حداکثر {max} مورد از این نوع می‌توانید داشته باشید؛ یکی را حذف کنید.', en: 'You can have at most {max} of these; remove one first.' },
  home_pictures_order: { fa: 'ترتیب باید همه موارد همین فهرست را یک بار داشته باشد؛ فهرست را دوباره بخوانید.', en: 'The order must name every entry of this list once; read the list again.' },
  pictures_repeated: { fa: 'هر تصویر فقط یک بار می‌تواند در فهرست باشد.', en: 'Each picture can be in the list only once.' },
  pictures_too_many: { fa: 'حداکثر {max} تصویر برای هر کالا؛ یکی را حذف کنید.', en: 'An item can have at most {max} pictures; remove one first.' },
  gallery_picture_not_found: { fa: 'این تصویر گالری پیدا نشد.', en: 'This gallery picture could not be found.' },
  gallery_full: { fa: 'گالری حداکثر {max} تصویر دارد؛ یکی را حذف کنید.', en: 'The gallery holds at most {max} pictures; remove one first.' },
} as const;
