import type { Language } from '../enums';
import type { Form, FormQuestion } from '../entities/form';

/** A text in both languages. */
export interface Texts {
  fa: string;
  en: string;
}

/** A form as the server stores it and contract/forms/ writes it: every text in fa and en. */
export interface FormDefinition extends Omit<Form, 'title' | 'description' | 'success_message' | 'questions'> {
  title: Texts;
  description: Texts;
  success_message: Texts;
  questions: QuestionDefinition[];
}

export interface QuestionDefinition extends Omit<FormQuestion, 'text' | 'error' | 'placeholder' | 'response'> {
  text: Texts;
  error: Texts;
  placeholder: Texts;
  response: { id: number; text: Texts; next_question_id: number | null }[];
}

/** The contract's Form of a definition, in `language`. */
export function localizeForm(definition: FormDefinition, language: Language): Form {
  return {
    ...definition,
    title: definition.title[language],
    description: definition.description[language],
    success_message: definition.success_message[language],
    questions: definition.questions.map((question) => ({
      ...question,
      text: question.text[language],
      error: question.error[language],
      placeholder: question.placeholder[language],
      response: question.response.map((option) => ({ ...option, text: option.text[language] })),
    })),
  };
}

const noText: Texts = { fa: '', en: '' };

/** A question definition with the defaults of a required, whole, unbounded one with no options or placeholder. */
export const question = (fields: Pick<QuestionDefinition, 'id' | 'type' | 'text' | 'error' | 'next_question_id'> & Partial<QuestionDefinition>): QuestionDefinition => ({
  required: 1,
  min: null,
  max: null,
  decimal: 0,
  placeholder: noText,
  response: [],
  ...fields,
});
