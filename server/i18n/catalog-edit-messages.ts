/** The console's catalog texts (issue 32): the problems of contract/rules/catalog-edit.ts and the refusals around them; spread into messages.ts. */
export const catalogEditMessages = {
  name_required: { fa: 'نام فارسی را وارد کنید.', en: 'Enter the Persian name.' },
  name_en_required: { fa: 'نام انگلیسی را وارد کنید.', en: 'Enter the English name.' },
  name_too_long: { fa: 'نام حداکثر {max} نویسه است.', en: 'A name has at most {max} characters.' },
  description_too_long: { fa: 'توضیحات حداکثر {max} نویسه است.', en: 'A description has at most {max} characters.' },
  unit_unknown: { fa: 'واحد فروش را از فهرست انتخاب کنید.', en: 'Choose the unit from the list.' },
  unit_step_range: { fa: 'گام واحد عددی صحیح بین ۱ و {max} است.', en: 'The unit step is a whole number from 1 to {max}.' },
  price_range: { fa: 'قیمت عددی صحیح بین ۰ و {max} ریال است.', en: 'The price is a whole number from 0 to {max} rial.' },
  folder_required: { fa: 'پوشه کالا را انتخاب کنید.', en: 'Choose the folder of the item.' },
  sizes_too_many: { fa: 'هر کالا حداکثر {max} اندازه دارد.', en: 'An item has at most {max} sizes.' },
  size_name_required: { fa: 'نام فارسی و انگلیسی هر اندازه را وارد کنید.', en: 'Enter the Persian and English name of every size.' },
  size_price_range: { fa: 'قیمت هر اندازه عددی صحیح بین ۰ و {max} ریال است.', en: 'The price of every size is a whole number from 0 to {max} rial.' },
  color_invalid: { fa: 'رنگ را به شکل #rrggbb وارد کنید، مثل #f5e6d3.', en: 'Enter the colour as #rrggbb, like #f5e6d3.' },
  catalog_item_not_found: { fa: 'این کالا در این فروشگاه پیدا نشد.', en: 'This item could not be found at this shop.' },
  catalog_folder_not_found: { fa: 'این پوشه در این فروشگاه پیدا نشد.', en: 'This folder could not be found at this shop.' },
  folder_too_deep: {
    fa: 'پوشه‌ها دو سطح دارند: زیرپوشه فقط زیر یک پوشه اصلی می‌رود و پوشه‌ای که زیرپوشه دارد اصلی می‌ماند.',
    en: 'Folders have two levels: a subfolder goes under a top folder only, and a folder with subfolders stays on top.',
  },
  item_finished: { fa: 'این کالا همین حالا تمام شد', en: 'This item has just run out' },
  cart_item_finished: {
    fa: '«{name}» همین حالا تمام شد؛ آن را از سبد خرید بردارید تا سفارش ثبت شود.',
    en: '"{name}" has just run out; remove it from the cart to place the order.',
  },
  cart_price_changed: { fa: 'قیمت این کالاها تغییر کرده و سبد خرید با قیمت تازه حساب شد: {names}', en: 'These prices have changed and the cart now uses the new ones: {names}' },
} as const;
