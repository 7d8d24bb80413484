import { normalizeDigits } from './digits';

/** What is wrong with a field of the contact form. */
export type ContactProblem = 'required' | 'invalid';

export interface ContactInput {
  name: string;
  phone: string;
  email: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Landline or mobile: 8 to 13 digits, an optional leading +.
const PHONE = /^\+?\d{8,13}$/;

/** Spec §5 'fill name, email and phone': the problems of each field, empty when the form may be sent. */
export function validateContact(input: ContactInput): Partial<Record<keyof ContactInput, ContactProblem>> {
  const problems: Partial<Record<keyof ContactInput, ContactProblem>> = {};
  if (input.name.trim() === '') problems.name = 'required';
  const phone = normalizeDigits(input.phone).replace(/[\s-]/g, '');
  if (phone === '') problems.phone = 'required';
  else if (!PHONE.test(phone)) problems.phone = 'invalid';
  const email = input.email.trim();
  if (email === '') problems.email = 'required';
  else if (!EMAIL.test(email)) problems.email = 'invalid';
  return problems;
}
