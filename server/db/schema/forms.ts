import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language } from '@contract/enums';
import type { FormEntry } from '@contract/entities/form';
import type { FormDefinition } from '@contract/forms/definition';
import { FIRST_STORED_FORM_ID } from '@contract/rules/forms';
import { shops } from './shops';
import { users } from './users';

export type FormKind = 'form' | 'survey';

/**
 * A shop's forms and its survey as data (contract/forms/definition.ts, texts in fa and en).
 * Ids start at FIRST_STORED_FORM_ID: smaller ones are the contract's forms (the franchise form is
 * never stored; the seed stores the others under their contract ids). The definition's own `id`
 * and `kind` are not read: the row's are.
 */
export const forms = pgTable(
  'forms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: FIRST_STORED_FORM_ID }),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    kind: text('kind').$type<FormKind>().notNull(),
    definition: jsonb('definition').$type<FormDefinition>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('forms_shop_kind').on(table.shopId, table.kind, table.id)],
);

/**
 * One accepted submission: the walked path as the submitter saw it (question texts in
 * `language`, answers as checked). form_id is null for the franchise form, which the contract builds.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    formId: integer('form_id').references(() => forms.id),
    kind: text('kind').$type<FormKind>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    answers: jsonb('answers').$type<FormEntry[]>().notNull(),
    language: text('language').$type<Language>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('form_submissions_shop_form').on(table.shopId, table.formId, table.createdAt)],
);

export type FormRow = typeof forms.$inferSelect;
export type FormSubmissionRow = typeof formSubmissions.$inferSelect;
