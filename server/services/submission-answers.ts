import type { Language } from '@contract/enums';
import type { FormEntry } from '@contract/entities/form';
import type { FormDefinition } from '@contract/forms/definition';

const CHOICE_TYPES = new Set(['radio', 'checkbox', 'dropdown']);
const LIST_SEPARATOR: Record<Language, string> = { fa: '، ', en: ', ' };

/**
 * A submission's answers as the shop reads them: a choice is kept as its option ids (submit_form's user_input), which
 * say nothing to a person, so each is its option's text in the language the customer answered in. An id the form no
 * longer has (the form was changed since) stays as it was.
 */
export function readableAnswers(answers: readonly FormEntry[], definition: FormDefinition | undefined, language: Language): FormEntry[] {
  if (!definition) return [...answers];
  const questions = new Map(definition.questions.map((question) => [question.id, question]));
  return answers.map((entry) => {
    const question = questions.get(entry.id);
    if (!question || !CHOICE_TYPES.has(entry.type) || entry.response === '') return entry;
    const options = new Map(question.response.map((option) => [String(option.id), option.text[language]]));
    const words = entry.response.split(',').map((id) => options.get(id.trim()) ?? id);
    return { ...entry, response: words.join(LIST_SEPARATOR[language]) };
  });
}
