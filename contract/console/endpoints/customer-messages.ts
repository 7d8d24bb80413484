import * as v from 'valibot';
import { blankAsAbsent, blankOr, day, id, integer, text } from '../../fields';
import { CHAT_MESSAGE_MAX } from '../../rules/chat';
import {
  CONTACT_STATES,
  ContactMessageSchema,
  ContactPageSchema,
  PublicMessageSchema,
  SUBMISSION_KINDS,
  SubmissionCsvSchema,
  SubmissionPageSchema,
} from '../customer-message-entities';
import { CUSTOMER_MESSAGES_PAGE_LENGTH } from '../rules';

const offset = () => blankOr(integer({ min: 0 }), 0);
const flag = () => blankAsAbsent(integer({ min: 0, max: 1 }));
const submissionFilter = {
  kind: v.picklist(SUBMISSION_KINDS),
  /** one form's (0: the franchise application); absent: every form of the kind */
  form_id: blankAsAbsent(integer({ min: 0 })),
  from: blankAsAbsent(day()),
  to: blankAsAbsent(day()),
};

/**
 * What customers send the shop and what it says to all of them: form and survey submissions (the
 * owner's), contact messages (any staff member: read, done), and the shop's public messages (the owner's).
 */
export const customerMessageEndpoints = {
  form_submissions: {
    summary:
      "The shop's form (`kind` form) or survey (`kind` survey) submissions, newest first, each answer with its question as the customer saw it; filtered by form and by Tehran day from/to. Answers the shop's forms of that kind for the filter.",
    request: v.object({ ...submissionFilter, offset: offset(), length: blankOr(integer({ min: 1, max: 50 }), CUSTOMER_MESSAGES_PAGE_LENGTH) }),
    data: SubmissionPageSchema,
    staff: true,
    owner: true,
  },
  form_submissions_csv: {
    summary:
      'The same filtered submissions as one CSV (UTF-8 with a byte-order mark): when, form, customer, mobile, language, then a column per question text in the order first asked. At most SUBMISSIONS_CSV_MAX rows, newest first.',
    request: v.object(submissionFilter),
    data: SubmissionCsvSchema,
    staff: true,
    owner: true,
  },
  contact_messages: {
    summary: 'The contact form\'s messages to this shop, newest first: the open ones (`state` open, the default) or those marked done; with the unread count.',
    request: v.object({ state: blankOr(v.picklist(CONTACT_STATES), 'open'), offset: offset(), length: blankOr(integer({ min: 1, max: 50 }), CUSTOMER_MESSAGES_PAGE_LENGTH) }),
    data: ContactPageSchema,
    staff: true,
  },
  contact_message_mark: {
    summary: 'Marks a contact message read or unread (`read`), done or open again (`done`); a message of another shop is 404. Answers the message.',
    request: v.object({ message_id: id(), read: flag(), done: flag() }),
    data: ContactMessageSchema,
    staff: true,
  },
  public_messages: {
    summary: "The shop's public messages (what every customer reads in /messages), newest first.",
    request: v.object({}),
    data: v.array(PublicMessageSchema),
    staff: true,
    owner: true,
  },
  public_message_add: {
    summary: 'Writes a public message, signed with the shop\'s name; customers see it in /messages at once. Blank is refused.',
    request: v.object({ body: text({ max: CHAT_MESSAGE_MAX, multiline: true }) }),
    data: PublicMessageSchema,
    staff: true,
    owner: true,
  },
  public_message_update: {
    summary: "Replaces a public message's text (blank is refused); another shop's is 404.",
    request: v.object({ message_id: id(), body: text({ max: CHAT_MESSAGE_MAX, multiline: true }) }),
    data: PublicMessageSchema,
    staff: true,
    owner: true,
  },
  public_message_delete: {
    summary: 'Deletes a public message; another shop\'s is 404. Answers its id.',
    request: v.object({ message_id: id() }),
    data: v.object({ id: v.number() }),
    staff: true,
    owner: true,
  },
} as const;
