import type { FormProblem } from './counter-forms';

/*
 * A magazine post as the owner writes it in the console (issue 32): the console's chart refuses a form with problems
 * and the server refuses the same request by the same rule, nothing written.
 */

export const MAGAZINE_POST_LIMITS = {
  title: 150,
  summary: 300,
  /** one language's body; 3 bytes a character still fits a multipart field (MULTIPART_FIELD_BYTES) */
  body: 5000,
} as const;

/** What the owner typed. The Persian title and body are required; a blank English text shows the Persian one. */
export interface MagazinePostInput {
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  body: string;
  body_en: string;
  /** the post's date (ISO timestamp) as customers see it and as posts are ordered, newest first; null: now */
  date: string | null;
}

export type MagazinePostField = keyof MagazinePostInput;
export type MagazinePostProblem = FormProblem | 'not_a_date';
export type MagazinePostProblems = Partial<Record<MagazinePostField, MagazinePostProblem>>;

const BOUNDS: Record<Exclude<MagazinePostField, 'date'>, number> = {
  title: MAGAZINE_POST_LIMITS.title,
  title_en: MAGAZINE_POST_LIMITS.title,
  summary: MAGAZINE_POST_LIMITS.summary,
  summary_en: MAGAZINE_POST_LIMITS.summary,
  body: MAGAZINE_POST_LIMITS.body,
  body_en: MAGAZINE_POST_LIMITS.body,
};
const REQUIRED = new Set<MagazinePostField>(['title', 'body']);

/** The field's bound, for the words of a too_long problem. */
export const magazinePostBound = (field: MagazinePostField): number => (field === 'date' ? 0 : BOUNDS[field]);

/** A post's problems, field by field, in the form's order. */
export function magazinePostProblems(input: MagazinePostInput): MagazinePostProblems {
  const problems: MagazinePostProblems = {};
  for (const field of Object.keys(BOUNDS) as Exclude<MagazinePostField, 'date'>[]) {
    const value = input[field].trim();
    if (value === '' && REQUIRED.has(field)) problems[field] = 'required';
    else if (value.length > BOUNDS[field]) problems[field] = 'too_long';
  }
  if (input.date !== null && Number.isNaN(Date.parse(input.date))) problems.date = 'not_a_date';
  return problems;
}
