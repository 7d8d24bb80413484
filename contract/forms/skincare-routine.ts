import { toPersianDigits } from '../digits';
import { question, type FormDefinition, type Texts } from './definition';

/** The skincare shop's routine finder (get_form id 2). */
export const SKINCARE_FORM_ID = 2;
/** The "how was your order" survey (get_survey). */
export const DEMO_SURVEY_ID = 3;

const fa = (number: number) => toPersianDigits(number);


/** The routine finder's question ids, by what they ask. */
export const SKINCARE_QUESTIONS = {
  skinType: 1,
  dryConcerns: 2,
  oilyConcerns: 3,
  combinationConcern: 4,
  sensitiveTrigger: 5,
  sunscreen: 6,
  outdoorHours: 7,
  ageRange: 8,
  ageingSigns: 9,
  notes: 10,
} as const;

const Q = SKINCARE_QUESTIONS;

/** Limits of the routine finder's questions. */
export const SKINCARE_LIMITS = {
  concerns: { min: 1, max: 3 },
  outdoorHours: { min: 0, max: 16 },
  ageingSigns: { min: 1, max: 2 },
  notes: { max: 300 },
} as const;

const L = SKINCARE_LIMITS;

const concernsError: Texts = {
  fa: `لطفا بین ${fa(L.concerns.min)} تا ${fa(L.concerns.max)} مورد را انتخاب کنید.`,
  en: `Please choose ${L.concerns.min} to ${L.concerns.max} concerns.`,
};

/**
 * A branching demo for the skincare shop: the skin type routes to its own concerns question,
 * daily sunscreen skips the outdoor-hours question, and an age under 25 skips the ageing signs;
 * an optional note ends it. The server cannot tell which path was taken, so the success message
 * suggests a routine for each skin type.
 */
export const skincareForm: FormDefinition = {
  id: SKINCARE_FORM_ID,
  kind: 'form',
  title: { fa: 'روتین پوستی مناسب شما', en: 'Find your skincare routine' },
  description: {
    fa: 'به چند پرسش کوتاه درباره پوستتان پاسخ دهید تا روتین مناسب را پیشنهاد کنیم.',
    en: 'Answer a few short questions about your skin and we will suggest a routine.',
  },
  success_message: {
    fa:
      'پاسخ‌های شما ثبت شد. پیشنهاد ما: پوست خشک، پاک‌کننده کرمی، سرم هیالورونیک اسید و کرم مرطوب‌کننده غنی؛ ' +
      'پوست چرب، ژل شست‌وشو، سرم نیاسینامید و آبرسان سبک؛ پوست مختلط، پاک‌کننده ملایم، تونر بدون الکل و مرطوب‌کننده سبک با کرم غنی‌تر روی گونه‌ها؛ ' +
      'پوست حساس، محصولات بدون عطر با سرامید. هر صبح ضدآفتاب با SPF ۳۰ یا بالاتر فراموش نشود.',
    en:
      'Thank you, your answers have been saved. Our suggestion: dry skin, a cream cleanser, a hyaluronic acid serum and a rich moisturiser; ' +
      'oily skin, a gel cleanser, a niacinamide serum and a light gel moisturiser; combination skin, a gentle cleanser, an alcohol-free toner and a light moisturiser with a richer cream on the cheeks; ' +
      'sensitive skin, fragrance-free products with ceramides. Finish every morning with SPF 30 or higher.',
  },
  first_question_id: Q.skinType,
  questions: [
    question({
      id: Q.skinType,
      type: 'radio',
      text: { fa: 'نوع پوست شما چیست؟', en: 'What is your skin type?' },
      error: { fa: 'لطفا نوع پوست خود را انتخاب کنید.', en: 'Please choose your skin type.' },
      response: [
        { id: 11, text: { fa: 'خشک', en: 'Dry' }, next_question_id: Q.dryConcerns },
        { id: 12, text: { fa: 'چرب', en: 'Oily' }, next_question_id: Q.oilyConcerns },
        { id: 13, text: { fa: 'مختلط', en: 'Combination' }, next_question_id: Q.combinationConcern },
        { id: 14, text: { fa: 'حساس', en: 'Sensitive' }, next_question_id: Q.sensitiveTrigger },
      ],
      // Every option names its own question; this is never reached.
      next_question_id: Q.dryConcerns,
    }),
    question({
      id: Q.dryConcerns,
      type: 'checkbox',
      ...L.concerns,
      text: { fa: 'کدام مشکل پوست خشک آزارتان می‌دهد؟', en: 'Which dry-skin concerns bother you?' },
      error: concernsError,
      response: [
        { id: 21, text: { fa: 'پوسته‌پوسته شدن', en: 'Flaking' }, next_question_id: null },
        { id: 22, text: { fa: 'کشیدگی پوست', en: 'Tightness' }, next_question_id: null },
        { id: 23, text: { fa: 'کدری', en: 'Dullness' }, next_question_id: null },
        { id: 24, text: { fa: 'خطوط ریز', en: 'Fine lines' }, next_question_id: null },
      ],
      next_question_id: Q.sunscreen,
    }),
    question({
      id: Q.oilyConcerns,
      type: 'checkbox',
      ...L.concerns,
      text: { fa: 'کدام مشکل پوست چرب آزارتان می‌دهد؟', en: 'Which oily-skin concerns bother you?' },
      error: concernsError,
      response: [
        { id: 31, text: { fa: 'براقی', en: 'Shine' }, next_question_id: null },
        { id: 32, text: { fa: 'منافذ باز', en: 'Enlarged pores' }, next_question_id: null },
        { id: 33, text: { fa: 'جوش سرسیاه', en: 'Blackheads' }, next_question_id: null },
        { id: 34, text: { fa: 'جوش و آکنه', en: 'Breakouts' }, next_question_id: null },
      ],
      next_question_id: Q.sunscreen,
    }),
    question({
      id: Q.combinationConcern,
      type: 'radio',
      text: { fa: 'بیشتر کدام بخش پوستتان نیاز به رسیدگی دارد؟', en: 'Which part of your skin needs the most care?' },
      error: { fa: 'لطفا یکی از گزینه‌ها را انتخاب کنید.', en: 'Please choose one of the options.' },
      response: [
        { id: 41, text: { fa: 'چربی ناحیه T', en: 'An oily T-zone' }, next_question_id: null },
        { id: 42, text: { fa: 'خشکی گونه‌ها', en: 'Dry cheeks' }, next_question_id: null },
        { id: 43, text: { fa: 'هر دو به یک اندازه', en: 'Both equally' }, next_question_id: null },
      ],
      next_question_id: Q.sunscreen,
    }),
    question({
      id: Q.sensitiveTrigger,
      type: 'radio',
      text: { fa: 'پوست شما بیشتر چه واکنشی نشان می‌دهد؟', en: 'How does your skin react most often?' },
      error: { fa: 'لطفا یکی از گزینه‌ها را انتخاب کنید.', en: 'Please choose one of the options.' },
      response: [
        { id: 51, text: { fa: 'قرمزی', en: 'Redness' }, next_question_id: null },
        { id: 52, text: { fa: 'سوزش بعد از محصولات', en: 'Stinging after products' }, next_question_id: null },
        { id: 53, text: { fa: 'حساسیت به عطر', en: 'Reacts to fragrance' }, next_question_id: null },
      ],
      next_question_id: Q.sunscreen,
    }),
    question({
      id: Q.sunscreen,
      type: 'radio',
      text: { fa: 'هر روز ضدآفتاب می‌زنید؟', en: 'Do you wear sunscreen every day?' },
      error: { fa: 'لطفا یکی از گزینه‌ها را انتخاب کنید.', en: 'Please choose one of the options.' },
      response: [
        { id: 61, text: { fa: 'بله، هر روز', en: 'Yes, every day' }, next_question_id: Q.ageRange },
        { id: 62, text: { fa: 'گاهی', en: 'Sometimes' }, next_question_id: null },
        { id: 63, text: { fa: 'هرگز', en: 'Never' }, next_question_id: null },
      ],
      next_question_id: Q.outdoorHours,
    }),
    question({
      id: Q.outdoorHours,
      type: 'input-number',
      ...L.outdoorHours,
      text: { fa: 'روزانه چند ساعت بیرون از خانه هستید؟', en: 'How many hours a day are you outdoors?' },
      error: {
        fa: `لطفا عددی صحیح بین ${fa(L.outdoorHours.min)} و ${fa(L.outdoorHours.max)} وارد کنید.`,
        en: `Please enter a whole number between ${L.outdoorHours.min} and ${L.outdoorHours.max}.`,
      },
      next_question_id: Q.ageRange,
    }),
    question({
      id: Q.ageRange,
      type: 'dropdown',
      text: { fa: 'بازه سنی شما', en: 'Your age range' },
      error: { fa: 'لطفا بازه سنی خود را انتخاب کنید.', en: 'Please choose your age range.' },
      response: [
        { id: 81, text: { fa: 'زیر ۲۵ سال', en: 'Under 25' }, next_question_id: Q.notes },
        { id: 82, text: { fa: '۲۵ تا ۳۹ سال', en: '25 to 39' }, next_question_id: null },
        { id: 83, text: { fa: '۴۰ سال و بالاتر', en: '40 or over' }, next_question_id: null },
      ],
      next_question_id: Q.ageingSigns,
    }),
    question({
      id: Q.ageingSigns,
      type: 'checkbox',
      ...L.ageingSigns,
      text: { fa: 'کدام نشانه‌های پیری را می‌خواهید کم کنید؟', en: 'Which signs of ageing would you like to treat?' },
      error: {
        fa: `لطفا بین ${fa(L.ageingSigns.min)} تا ${fa(L.ageingSigns.max)} مورد را انتخاب کنید.`,
        en: `Please choose ${L.ageingSigns.min} to ${L.ageingSigns.max} signs.`,
      },
      response: [
        { id: 91, text: { fa: 'خطوط و چین و چروک', en: 'Lines and wrinkles' }, next_question_id: null },
        { id: 92, text: { fa: 'لک‌های تیره', en: 'Dark spots' }, next_question_id: null },
        { id: 93, text: { fa: 'کاهش سفتی پوست', en: 'Loss of firmness' }, next_question_id: null },
      ],
      next_question_id: Q.notes,
    }),
    question({
      id: Q.notes,
      type: 'textarea',
      required: 0,
      ...L.notes,
      text: {
        fa: 'نکته دیگری هست؟ (حساسیت‌ها یا محصولاتی که استفاده می‌کنید)',
        en: 'Anything else? (allergies or products you already use)',
      },
      error: { fa: `لطفا حداکثر ${fa(L.notes.max)} حرف بنویسید.`, en: `Please write at most ${L.notes.max} characters.` },
      next_question_id: null,
    }),
  ],
};

/** The survey's question ids. */
export const SURVEY_QUESTIONS = { rating: 1, wentWell: 2, recommend: 3, comments: 4 } as const;

const S = SURVEY_QUESTIONS;

/** A short "how was your order" survey (get_survey / submit_survey): a 1–5 rating, what went well, a recommendation, an optional comment. */
export const demoSurvey: FormDefinition = {
  id: DEMO_SURVEY_ID,
  kind: 'survey',
  title: { fa: 'سفارشتان چطور بود؟', en: 'How was your order?' },
  description: { fa: 'نظر شما به ما کمک می‌کند بهتر شویم.', en: 'Your feedback helps us improve.' },
  success_message: { fa: 'از اینکه نظرتان را با ما در میان گذاشتید سپاسگزاریم.', en: 'Thank you for sharing your feedback.' },
  first_question_id: S.rating,
  questions: [
    question({
      id: S.rating,
      type: 'radio',
      text: { fa: 'از ۱ تا ۵ به سفارشتان چه امتیازی می‌دهید؟', en: 'How would you rate your order from 1 to 5?' },
      error: { fa: 'لطفا امتیازی از ۱ تا ۵ انتخاب کنید.', en: 'Please choose a rating from 1 to 5.' },
      response: [1, 2, 3, 4, 5].map((rating) => ({ id: 100 + rating, text: { fa: fa(rating), en: String(rating) }, next_question_id: null })),
      next_question_id: S.wentWell,
    }),
    question({
      id: S.wentWell,
      type: 'checkbox',
      min: 1,
      max: 3,
      text: { fa: 'چه چیزهایی خوب بود؟', en: 'What went well?' },
      error: { fa: 'لطفا بین ۱ تا ۳ مورد را انتخاب کنید.', en: 'Please choose 1 to 3 items.' },
      response: [
        { id: 201, text: { fa: 'سرعت ارسال', en: 'Delivery speed' }, next_question_id: null },
        { id: 202, text: { fa: 'بسته‌بندی', en: 'Packaging' }, next_question_id: null },
        { id: 203, text: { fa: 'کیفیت محصول', en: 'Product quality' }, next_question_id: null },
        { id: 204, text: { fa: 'قیمت', en: 'Price' }, next_question_id: null },
        { id: 205, text: { fa: 'پشتیبانی', en: 'Support' }, next_question_id: null },
      ],
      next_question_id: S.recommend,
    }),
    question({
      id: S.recommend,
      type: 'radio',
      text: { fa: 'ما را به دوستانتان پیشنهاد می‌کنید؟', en: 'Would you recommend us to a friend?' },
      error: { fa: 'لطفا یکی از گزینه‌ها را انتخاب کنید.', en: 'Please choose one of the options.' },
      response: [
        { id: 301, text: { fa: 'بله', en: 'Yes' }, next_question_id: null },
        { id: 302, text: { fa: 'شاید', en: 'Maybe' }, next_question_id: null },
        { id: 303, text: { fa: 'خیر', en: 'No' }, next_question_id: null },
      ],
      next_question_id: S.comments,
    }),
    question({
      id: S.comments,
      type: 'textarea',
      required: 0,
      max: 500,
      text: { fa: 'توضیح بیشتری دارید؟', en: 'Anything else to tell us?' },
      error: { fa: 'لطفا حداکثر ۵۰۰ حرف بنویسید.', en: 'Please write at most 500 characters.' },
      next_question_id: null,
    }),
  ],
};
