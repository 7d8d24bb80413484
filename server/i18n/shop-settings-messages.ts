/** The owner's shop settings' refusals (issue 32); spread into messages.ts. `{field}` arrives as a field's name below. */
export const shopSettingsMessages = {
  setting_required: { fa: '«{field}» را وارد کنید.', en: 'Enter the {field}.' },
  setting_invalid_time: { fa: '«{field}» زمان معتبری نیست؛ مثلا ۱۸:۳۰.', en: 'The {field} is not a valid time, e.g. 18:30.' },
  setting_same_time: { fa: 'ساعت پایان کار با ساعت شروع یکی است.', en: 'The closing time is the same as the opening time.' },
  setting_in_the_past: { fa: '«{field}» گذشته است؛ زمانی در آینده انتخاب کنید.', en: 'The {field} has passed; choose a time to come.' },
  setting_field_opens_at: { fa: 'ساعت شروع کار', en: 'opening time' },
  setting_field_closes_at: { fa: 'ساعت پایان کار', en: 'closing time' },
  setting_field_closed_until: { fa: 'تعطیل تا', en: 'closed-until time' },
} as const;
