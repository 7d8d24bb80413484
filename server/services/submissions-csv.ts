import type { FormEntry } from '@contract/entities/form';
import type { Language } from '@contract/enums';
import { tehranClock } from '@contract/rules/delivery-time';
import { translate } from '../i18n/messages';
import { tehranJalali } from './tehran-day';

/** One submission as a row of the export. */
export interface CsvSubmission {
  createdAt: Date;
  formTitle: string;
  customerName: string;
  mobile: string;
  language: Language;
  answers: FormEntry[];
}

const BOM = '\uFEFF';
const LINE_END = '\r\n';

const two = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm' in Tehran. */
export function tehranMinute(at: Date): string {
  const { date, minute } = tehranClock(at);
  return `${date} ${two(Math.floor(minute / 60))}:${two(minute % 60)}`;
}

/** 'YYYY/MM/DD' of the Jalali calendar in Tehran, in Western digits (a spreadsheet sorts and reads them). */
export function tehranJalaliDate(at: Date): string {
  const { jy, jm, jd } = tehranJalali(at);
  return `${jy}/${two(jm)}/${two(jd)}`;
}

/**
 * A cell as RFC 4180 writes it; one a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return
 * first) is prefixed with an apostrophe, so a customer's answer is shown, never evaluated (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The question texts as columns, in the order first asked (oldest submission first): a question a later path adds
 * goes before the next question of that path already placed, so a branching form's columns keep its order.
 */
function questionColumns(oldestFirst: readonly CsvSubmission[]): string[] {
  const columns: string[] = [];
  for (const submission of oldestFirst) {
    const path = submission.answers.map((entry) => entry.que);
    path.forEach((text, index) => {
      if (columns.includes(text)) return;
      const nextPlaced = path.slice(index + 1).find((later) => columns.includes(later));
      if (nextPlaced === undefined) columns.push(text);
      else columns.splice(columns.indexOf(nextPlaced), 0, text);
    });
  }
  return columns;
}

/**
 * The submissions (newest first) as one CSV: UTF-8 with a byte-order mark (Excel reads Persian then), CRLF line ends,
 * headers in `language` (fa adds the Jalali date after the time), then a column per question text. A question asked
 * twice in one submission under the same text has its answers joined by ' | '.
 */
export function submissionsCsv(submissions: readonly CsvSubmission[], language: Language): string {
  const questions = questionColumns([...submissions].reverse());
  const jalali = language === 'fa';
  const header = [
    translate(language, 'csv_when'),
    ...(jalali ? [translate(language, 'csv_jalali_date')] : []),
    translate(language, 'csv_form'),
    translate(language, 'csv_customer_name'),
    translate(language, 'csv_mobile'),
    translate(language, 'csv_language'),
    ...questions,
  ];
  const rows = submissions.map((submission) => {
    const answers = new Map<string, string>();
    for (const entry of submission.answers) {
      const before = answers.get(entry.que);
      answers.set(entry.que, before === undefined ? entry.response : `${before} | ${entry.response}`);
    }
    return [
      tehranMinute(submission.createdAt),
      ...(jalali ? [tehranJalaliDate(submission.createdAt)] : []),
      submission.formTitle,
      submission.customerName,
      submission.mobile,
      submission.language,
      ...questions.map((question) => answers.get(question) ?? ''),
    ];
  });
  return BOM + [header, ...rows].map((cells) => cells.map(csvCell).join(',') + LINE_END).join('');
}
