import { toPersianDigits } from '../digits';
import { question, type FormDefinition } from './definition';

/** The franchise application's form id (get_form / submit_form form_id). */
export const FRANCHISE_FORM_ID = 1;

/** Spec §5 and §9: the franchise application's limits, the one source of the form below, its tests and docs. */
export const FRANCHISE_LIMITS = {
  fullName: { min: 3, max: 100 },
  city: { min: 2, max: 50 },
  /** years, whole */
  age: { min: 18, max: 100 },
  /** the mobile number as a number: 09121234567 is 9121234567 */
  mobile: { min: 9_000_000_000, max: 9_900_000_000 },
  /** characters */
  experience: { min: 10, max: 150 },
  /** characters */
  address: { min: 20, max: 150 },
  /** m², the least floor area of each property class */
  area: { nPlus: 250, a: 120, nPlusBPlus: 200, b: 80, c: 50 },
  /** m, a fraction allowed */
  ceiling: { min: 4 },
  /** ducts of `ductDiameterCm` */
  ducts: { min: 2 },
  ductDiameterCm: 40,
  /** A, three-phase */
  amperage: { min: 35 },
  /** G25 or higher */
  gasMeters: ['G25', 'G40', 'G65', 'G100'],
  /** years, whole */
  lease: { min: 3 },
  /** characters of the optional last note */
  notes: { max: 500 },
} as const;

/** The property classes in the spec's order, each with the question id of its area. */
export const PROPERTY_CLASSES = [
  { optionId: 71, name: 'N+', areaQuestionId: 8, minArea: FRANCHISE_LIMITS.area.nPlus },
  { optionId: 72, name: 'A', areaQuestionId: 9, minArea: FRANCHISE_LIMITS.area.a },
  { optionId: 73, name: 'N+ (B+)', areaQuestionId: 10, minArea: FRANCHISE_LIMITS.area.nPlusBPlus },
  { optionId: 74, name: 'B', areaQuestionId: 11, minArea: FRANCHISE_LIMITS.area.b },
  { optionId: 75, name: 'C', areaQuestionId: 12, minArea: FRANCHISE_LIMITS.area.c },
] as const;

/** The question ids of the franchise form, by what they ask. */
export const FRANCHISE_QUESTIONS = {
  fullName: 1,
  city: 2,
  age: 3,
  mobile: 4,
  experience: 5,
  address: 6,
  propertyClass: 7,
  ceiling: 13,
  ducts: 14,
  amperage: 15,
  gasMeter: 16,
  lease: 17,
  notes: 18,
  heardFrom: 19,
} as const;

const fa = (number: number) => toPersianDigits(number);


const Q = FRANCHISE_QUESTIONS;
const L = FRANCHISE_LIMITS;

const areaQuestions = PROPERTY_CLASSES.map(({ name, areaQuestionId, minArea }) =>
  question({
    id: areaQuestionId,
    type: 'input-number',
    min: minArea,
    text: { fa: `متراژ ملک کلاس ${name} (متر مربع)`, en: `Floor area of the class ${name} property (m²)` },
    error: {
      fa: `متراژ ملک کلاس ${name} باید عددی صحیح و دست‌کم ${fa(minArea)} متر مربع باشد.`,
      en: `A class ${name} property needs a whole number of at least ${minArea} m².`,
    },
    placeholder: { fa: fa(minArea), en: String(minArea) },
    next_question_id: Q.ceiling,
  }),
);

/**
 * The franchise application (spec §9 "built locally", §5 and §9 limits): who applies, then the
 * proposed property; its class routes to the area question with that class's minimum. The last
 * two questions are optional.
 */
export const franchiseForm: FormDefinition = {
  id: FRANCHISE_FORM_ID,
  kind: 'form',
  title: { fa: 'درخواست اعطای نمایندگی', en: 'Franchise application' },
  description: {
    fa: 'برای همکاری با ما به عنوان نماینده، به پرسش‌های زیر پاسخ دهید. ملک پیشنهادی باید شرایط کلاس خود را داشته باشد.',
    en: 'To work with us as a franchisee, answer the questions below. The proposed property must meet the requirements of its class.',
  },
  success_message: {
    fa: 'درخواست شما ثبت شد. کارشناسان ما پس از بررسی با شما تماس می‌گیرند.',
    en: 'Your application has been received. Our team will call you after reviewing it.',
  },
  first_question_id: Q.fullName,
  questions: [
    question({
      id: Q.fullName,
      type: 'input-text',
      ...L.fullName,
      text: { fa: 'نام و نام خانوادگی', en: 'Full name' },
      error: {
        fa: `لطفا نام و نام خانوادگی را بین ${fa(L.fullName.min)} تا ${fa(L.fullName.max)} حرف وارد کنید.`,
        en: `Please enter your full name, ${L.fullName.min} to ${L.fullName.max} characters.`,
      },
      next_question_id: Q.city,
    }),
    question({
      id: Q.city,
      type: 'input-text',
      ...L.city,
      text: { fa: 'شهر', en: 'City' },
      error: {
        fa: `لطفا نام شهر را بین ${fa(L.city.min)} تا ${fa(L.city.max)} حرف وارد کنید.`,
        en: `Please enter the city name, ${L.city.min} to ${L.city.max} characters.`,
      },
      next_question_id: Q.age,
    }),
    question({
      id: Q.age,
      type: 'input-number',
      ...L.age,
      text: { fa: 'سن', en: 'Age' },
      error: { fa: 'لطفا عددی صحیح بین ۱۸ و ۱۰۰ وارد کنید.', en: 'Please enter a whole number between 18 and 100.' },
      next_question_id: Q.mobile,
    }),
    question({
      id: Q.mobile,
      type: 'input-number',
      ...L.mobile,
      text: { fa: 'شماره موبایل', en: 'Mobile number' },
      error: { fa: 'لطفا یک شماره موبایل معتبر وارد کنید.', en: 'Please enter a valid mobile number.' },
      placeholder: { fa: '۰۹۱۲۱۲۳۴۵۶۷', en: '09121234567' },
      next_question_id: Q.experience,
    }),
    question({
      id: Q.experience,
      type: 'textarea',
      ...L.experience,
      text: { fa: 'سابقه کاری خود را شرح دهید', en: 'Describe your work experience' },
      error: {
        fa: `لطفا سابقه کاری را بین ${fa(L.experience.min)} تا ${fa(L.experience.max)} حرف بنویسید.`,
        en: `Please describe your experience in ${L.experience.min} to ${L.experience.max} characters.`,
      },
      next_question_id: Q.address,
    }),
    question({
      id: Q.address,
      type: 'textarea',
      ...L.address,
      text: { fa: 'آدرس ملک پیشنهادی', en: 'Address of the proposed property' },
      error: {
        fa: `لطفا آدرس ملک را بین ${fa(L.address.min)} تا ${fa(L.address.max)} حرف وارد کنید.`,
        en: `Please enter the property's address in ${L.address.min} to ${L.address.max} characters.`,
      },
      next_question_id: Q.propertyClass,
    }),
    question({
      id: Q.propertyClass,
      type: 'radio',
      text: { fa: 'کلاس ملک', en: 'Property class' },
      error: { fa: 'لطفا کلاس ملک را انتخاب کنید.', en: 'Please choose the property class.' },
      response: PROPERTY_CLASSES.map(({ optionId, name, areaQuestionId, minArea }) => ({
        id: optionId,
        text: { fa: `کلاس ${name} (دست‌کم ${fa(minArea)} متر مربع)`, en: `Class ${name} (at least ${minArea} m²)` },
        next_question_id: areaQuestionId,
      })),
      // Every option names its area question; this is never reached.
      next_question_id: PROPERTY_CLASSES[0].areaQuestionId,
    }),
    ...areaQuestions,
    question({
      id: Q.ceiling,
      type: 'input-number',
      decimal: 1,
      ...L.ceiling,
      text: { fa: 'ارتفاع سقف (متر)', en: 'Ceiling height (m)' },
      error: {
        fa: `ارتفاع سقف باید دست‌کم ${fa(L.ceiling.min)} متر باشد.`,
        en: `The ceiling must be at least ${L.ceiling.min} m high.`,
      },
      placeholder: { fa: '۴٫۵', en: '4.5' },
      next_question_id: Q.ducts,
    }),
    question({
      id: Q.ducts,
      type: 'input-number',
      ...L.ducts,
      text: { fa: `تعداد داکت‌های ${fa(L.ductDiameterCm)} سانتی‌متری`, en: `Number of ${L.ductDiameterCm} cm ducts` },
      error: {
        fa: `ملک باید دست‌کم ${fa(L.ducts.min)} داکت ${fa(L.ductDiameterCm)} سانتی‌متری داشته باشد.`,
        en: `The property needs at least ${L.ducts.min} ducts of ${L.ductDiameterCm} cm.`,
      },
      next_question_id: Q.amperage,
    }),
    question({
      id: Q.amperage,
      type: 'input-number',
      ...L.amperage,
      text: { fa: 'آمپر برق سه‌فاز', en: 'Three-phase electricity (A)' },
      error: {
        fa: `برق سه‌فاز باید عددی صحیح و دست‌کم ${fa(L.amperage.min)} آمپر باشد.`,
        en: `Three-phase electricity must be a whole number of at least ${L.amperage.min} A.`,
      },
      next_question_id: Q.gasMeter,
    }),
    question({
      id: Q.gasMeter,
      type: 'dropdown',
      text: { fa: 'کنتور گاز', en: 'Gas meter' },
      error: {
        fa: `لطفا کنتور گاز ${L.gasMeters[0]} یا بالاتر را انتخاب کنید.`,
        en: `Please choose a gas meter of ${L.gasMeters[0]} or higher.`,
      },
      response: L.gasMeters.map((meter, index) => ({ id: 161 + index, text: { fa: meter, en: meter }, next_question_id: null })),
      next_question_id: Q.lease,
    }),
    question({
      id: Q.lease,
      type: 'input-number',
      ...L.lease,
      text: { fa: 'مدت اجاره (سال)', en: 'Lease length (years)' },
      error: {
        fa: `مدت اجاره باید عددی صحیح و دست‌کم ${fa(L.lease.min)} سال باشد.`,
        en: `The lease must be a whole number of at least ${L.lease.min} years.`,
      },
      next_question_id: Q.notes,
    }),
    question({
      id: Q.notes,
      type: 'textarea',
      required: 0,
      ...L.notes,
      text: { fa: 'اگر نکته دیگری هست بنویسید', en: 'Anything else you would like to tell us?' },
      error: { fa: `لطفا حداکثر ${fa(L.notes.max)} حرف بنویسید.`, en: `Please write at most ${L.notes.max} characters.` },
      next_question_id: Q.heardFrom,
    }),
    question({
      id: Q.heardFrom,
      type: 'dropdown',
      required: 0,
      text: { fa: 'از کجا با ما آشنا شدید؟', en: 'How did you hear about us?' },
      error: { fa: 'لطفا یکی از گزینه‌ها را انتخاب کنید.', en: 'Please choose one of the options.' },
      response: [
        { id: 191, text: { fa: 'اینستاگرام', en: 'Instagram' }, next_question_id: null },
        { id: 192, text: { fa: 'جست‌وجو در اینترنت', en: 'A web search' }, next_question_id: null },
        { id: 193, text: { fa: 'معرفی دوستان', en: 'A friend' }, next_question_id: null },
        { id: 194, text: { fa: 'یکی از شعبه‌ها', en: 'One of our branches' }, next_question_id: null },
        { id: 195, text: { fa: 'سایر', en: 'Other' }, next_question_id: null },
      ],
      next_question_id: null,
    }),
  ],
};
