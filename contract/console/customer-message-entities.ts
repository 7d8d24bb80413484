import * as v from 'valibot';
import { FormEntrySchema } from '../entities/form';

/** What customers send the shop besides orders and chats: forms and the survey, contact messages. */
export const SUBMISSION_KINDS = ['form', 'survey'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** A form the shop's submissions can be filtered by: id 0 is the franchise application (the contract's default form). */
export const SubmissionFormSchema = v.object({ id: v.number(), kind: v.picklist(SUBMISSION_KINDS), title: v.string() });
export type SubmissionForm = v.InferOutput<typeof SubmissionFormSchema>;

/** One submission as the submitter saw it: each question's text in their language, the answer as checked. */
export const SubmissionSchema = v.object({
  id: v.number(),
  kind: v.picklist(SUBMISSION_KINDS),
  /** 0: the franchise application */
  form_id: v.number(),
  /** the form's title in the console's language */
  form_title: v.string(),
  created_at: v.string(),
  language: v.picklist(['fa', 'en']),
  /** null: sent without logging in, or the account was deleted */
  customer: v.nullable(v.object({ user_id: v.number(), name: v.string(), mobile: v.string() })),
  answers: v.array(FormEntrySchema),
});
export type Submission = v.InferOutput<typeof SubmissionSchema>;

export const SubmissionPageSchema = v.object({
  /** the shop's forms of the kind asked, for the filter */
  forms: v.array(SubmissionFormSchema),
  submissions: v.array(SubmissionSchema),
  total: v.number(),
  next_offset: v.nullable(v.number()),
});
export type SubmissionPage = v.InferOutput<typeof SubmissionPageSchema>;

/** The filtered submissions as one CSV file (UTF-8 with a byte-order mark, so Excel reads Persian). */
export const SubmissionCsvSchema = v.object({ filename: v.string(), csv: v.string(), rows: v.number() });
export type SubmissionCsv = v.InferOutput<typeof SubmissionCsvSchema>;

/** A contact_us message: unread until a staff member opens it, open until one marks it done. */
export const ContactMessageSchema = v.object({
  id: v.number(),
  name: v.string(),
  phone: v.string(),
  email: v.string(),
  message: v.string(),
  created_at: v.string(),
  read: v.boolean(),
  done: v.boolean(),
});
export type ContactMessage = v.InferOutput<typeof ContactMessageSchema>;

export const CONTACT_STATES = ['open', 'done'] as const;
export type ContactState = (typeof CONTACT_STATES)[number];

export const ContactPageSchema = v.object({
  messages: v.array(ContactMessageSchema),
  total: v.number(),
  /** the shop's unread contact messages, whatever the filter */
  unread: v.number(),
  next_offset: v.nullable(v.number()),
});
export type ContactPage = v.InferOutput<typeof ContactPageSchema>;

/** What the shop says to all its customers (get_messages type public), signed with the shop's name. */
export const PublicMessageSchema = v.object({ id: v.number(), name: v.string(), body: v.string(), created_at: v.string() });
export type PublicMessage = v.InferOutput<typeof PublicMessageSchema>;
