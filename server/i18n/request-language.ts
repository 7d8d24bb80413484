import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@contract/enums';

const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The language of a request: the form field `language` if fa/en, else the
 * first tag of Accept-Language if fa/en, else fa.
 */
export function requestLanguage(body: unknown, acceptLanguage: string | undefined): Language {
  const field = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).language : undefined;
  if (isLanguage(field)) return field;
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase().split('-')[0];
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}
