/*
 * What a saved profile must say (update_profile): a name and a gender (spec §5). The profile's
 * chart checks it before sending and the server refuses the same payload, naming the field.
 */

export interface ProfileInput {
  name: string;
  gender: string;
}

export type ProfileProblems = Partial<Record<keyof ProfileInput, 'required'>>;

/** The fields of a profile that are missing, by field (empty when it may be saved). */
export function profileProblems(input: Partial<Record<keyof ProfileInput, unknown>>): ProfileProblems {
  const problems: ProfileProblems = {};
  if (typeof input.name !== 'string' || input.name.trim() === '') problems.name = 'required';
  if (input.gender !== '1' && input.gender !== '2') problems.gender = 'required';
  return problems;
}
