/** The console's texts of option steps and extras (issue 32): the problems of contract/rules/item-extras.ts; spread into messages.ts. */
export const itemExtrasMessages = {
  steps_too_many: { fa: 'هر فروشگاه حداکثر {max} مرحله انتخاب دارد.', en: 'A shop has at most {max} option steps.' },
  step_id_invalid: { fa: 'شناسه مرحله‌ها باید عددی مثبت و یکتا باشد.', en: 'Each step needs its own positive id.' },
  step_name_required: { fa: 'نام فارسی و انگلیسی هر مرحله را وارد کنید (حداکثر {max} نویسه).', en: 'Enter the Persian and English name of every step (at most {max} characters).' },
  step_count_range: { fa: 'حداقل و حداکثر هر مرحله عدد صحیح بین ۰ و {max} است و حداقل از حداکثر بیشتر نیست.', en: "A step's minimum and maximum are whole numbers from 0 to {max}, the minimum not above the maximum." },
  extras_too_many: { fa: 'هر کالا حداکثر {max} گزینه دارد.', en: 'An item has at most {max} extras.' },
  extra_step_unknown: { fa: 'مرحلهٔ هر گزینه را از فهرست انتخاب کنید.', en: 'Choose the step of every extra from the list.' },
  extra_name_required: { fa: 'نام فارسی و انگلیسی هر گزینه را وارد کنید (حداکثر {max} نویسه).', en: 'Enter the Persian and English name of every extra (at most {max} characters).' },
  extra_price_range: { fa: 'قیمت هر گزینه عددی صحیح بین ۰ و {max} ریال است.', en: 'The price of every extra is a whole number from 0 to {max} rial.' },
  extra_count_range: { fa: 'حداقل و حداکثر هر گزینه عدد صحیح بین ۰ و {max} است و حداقل از حداکثر بیشتر نیست.', en: "An extra's minimum and maximum are whole numbers from 0 to {max}, the minimum not above the maximum." },
  step_in_use: { fa: 'گزینه‌های کالاهای دیگر هنوز در مرحلهٔ «{name}» هستند؛ اول آن‌ها را بردارید.', en: 'Extras of other items are still in the step "{name}"; remove them first.' },
} as const;
