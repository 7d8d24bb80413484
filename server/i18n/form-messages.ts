/** Forms and surveys (get_form, submit_form, get_survey, submit_survey), spread into messages.ts; {wait} is in seconds. */
export const formMessages = {
  form_not_found: { fa: 'فرم مورد نظر پیدا نشد.', en: 'This form could not be found.' },
  survey_not_found: { fa: 'این فروشگاه نظرسنجی ندارد.', en: 'This shop has no survey.' },
  /** a refused answer whose question has no error text of its own */
  form_answer_invalid: { fa: 'پاسخ پرسش «{question}» معتبر نیست.', en: 'The answer to "{question}" is not valid.' },
  form_unknown_question: { fa: 'این فرم پرسشی با شناسه {id} ندارد.', en: 'This form has no question with id {id}.' },
  form_duplicate_answer: { fa: 'به پرسش «{question}» بیش از یک بار پاسخ داده شده است.', en: 'The question "{question}" was answered more than once.' },
  form_off_path: {
    fa: 'پرسش «{question}» با پاسخ‌های قبلی شما پرسیده نمی‌شود؛ پاسخ آن را حذف کنید.',
    en: 'The question "{question}" is not asked after your earlier answers; leave its answer out.',
  },
  form_loop: {
    fa: 'این فرم در پرسش «{question}» به پرسش‌های قبلی برمی‌گردد و تکمیل نمی‌شود؛ لطفا به فروشگاه اطلاع دهید.',
    en: 'This form returns to an earlier question at "{question}" and cannot be completed; please tell the shop.',
  },
  form_limit: {
    fa: 'تعداد فرم‌های ارسالی از شبکه شما زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.',
    en: 'Too many forms were sent from your network; please try again in {wait} seconds.',
  },
  form_limit_account: {
    fa: 'تعداد فرم‌های ارسالی از حساب شما زیاد است؛ لطفا {wait} ثانیه دیگر تلاش کنید.',
    en: 'Too many forms were sent from your account; please try again in {wait} seconds.',
  },
} as const;
