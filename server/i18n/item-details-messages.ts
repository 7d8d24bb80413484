/** The console's texts of an item's details (issue 32): the problems of contract/rules/item-details.ts; spread into messages.ts. */
export const itemDetailsMessages = {
  details_too_many: { fa: 'هر فهرست حداکثر {max} مورد دارد.', en: 'A list has at most {max} entries.' },
  detail_name_required: { fa: 'نام فارسی و انگلیسی هر مورد را وارد کنید (حداکثر {max} نویسه).', en: 'Enter the Persian and English name of every entry (at most {max} characters).' },
  colour_hex_invalid: { fa: 'رنگ را به شکل ‎#rrggbb‎ وارد کنید، مثلاً ‎#c62828‎.', en: 'Enter the colour as #rrggbb, e.g. #c62828.' },
  code_too_long: { fa: 'کد کالا حداکثر {max} نویسه است.', en: 'The product code has at most {max} characters.' },
} as const;
