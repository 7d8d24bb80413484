import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { contactMessages, formSubmissions, forms, publicMessages, users, type FormKind, type FormRow, type FormSubmissionRow, type PublicMessageRow, type ShopRow } from '../db/schema';
import type { PageRequest } from './support-repository';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** One submission with its customer's account, if it still has one. */
export type SubmissionWithCustomer = FormSubmissionRow & { customerName: string | null; customerMobile: string | null };

/** Which of the shop's submissions a list or an export reads. */
export interface SubmissionFilter {
  kind: FormKind;
  /** undefined: every form of the kind; null: the franchise application (never stored) */
  formId?: number | null;
  /** created at or after */
  from?: Date;
  /** created before */
  before?: Date;
}

/**
 * What the shop's customers sent it and what it says to all of them, as the operator console reads and writes them:
 * form and survey submissions, contact messages, public messages. Scoped to the Host's shop.
 */
export function createCustomerMessagesRepository(db: Database, shop: ShopRow) {
  const ownContact = eq(contactMessages.shopId, shop.id);
  const ownPublic = eq(publicMessages.shopId, shop.id);

  const submissionsWhere = (filter: SubmissionFilter): SQL | undefined => {
    const conditions: (SQL | undefined)[] = [eq(formSubmissions.shopId, shop.id), eq(formSubmissions.kind, filter.kind)];
    if (filter.formId === null) conditions.push(isNull(formSubmissions.formId));
    else if (filter.formId !== undefined) conditions.push(eq(formSubmissions.formId, filter.formId));
    if (filter.from) conditions.push(gte(formSubmissions.createdAt, filter.from));
    if (filter.before) conditions.push(lt(formSubmissions.createdAt, filter.before));
    return and(...conditions);
  };

  return {
    /** The shop's stored forms of a kind, by id. */
    async forms(kind: FormKind): Promise<FormRow[]> {
      return db.select().from(forms).where(and(eq(forms.shopId, shop.id), eq(forms.kind, kind))).orderBy(asc(forms.id));
    },

    /** A page of the shop's submissions, newest first, and how many match. */
    async submissions(filter: SubmissionFilter, { offset, length }: PageRequest): Promise<{ rows: SubmissionWithCustomer[]; total: number }> {
      const where = submissionsWhere(filter);
      const [rows, [totals]] = await Promise.all([
        db
          .select({ submission: formSubmissions, customerName: users.name, customerMobile: users.mobile })
          .from(formSubmissions)
          .leftJoin(users, eq(users.id, formSubmissions.userId))
          .where(where)
          .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
          .limit(length)
          .offset(offset),
        db.select({ total: count() }).from(formSubmissions).where(where),
      ]);
      return { rows: rows.map((row) => ({ ...row.submission, customerName: row.customerName, customerMobile: row.customerMobile })), total: totals.total };
    },

    /** A page of the shop's contact messages, open (not done) or done, newest first; `unread` counts all of the shop's. */
    async contactPage(done: boolean, { offset, length }: PageRequest): Promise<{ rows: ContactMessageRow[]; total: number; unread: number }> {
      const where = and(ownContact, done ? isNotNull(contactMessages.doneAt) : isNull(contactMessages.doneAt));
      const [rows, [totals]] = await Promise.all([
        db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(length).offset(offset),
        db
          .select({
            total: sql<number>`cast(count(*) filter (where ${done ? sql`${contactMessages.doneAt} is not null` : sql`${contactMessages.doneAt} is null`}) as int)`,
            unread: sql<number>`cast(count(*) filter (where ${contactMessages.readAt} is null) as int)`,
          })
          .from(contactMessages)
          .where(ownContact),
      ]);
      return { rows, total: Number(totals.total), unread: Number(totals.unread) };
    },

    /** Sets a locked contact message's read and done moments. */
    async setContactMarks(id: number, marks: { readAt: Date | null; doneAt: Date | null }): Promise<ContactMessageRow> {
      const [row] = await db.update(contactMessages).set(marks).where(and(ownContact, eq(contactMessages.id, id))).returning();
      return row;
    },

    /** One of the shop's contact messages, locked for a change, or null. */
    async lockContact(id: number): Promise<ContactMessageRow | null> {
      const [row] = await db.select().from(contactMessages).where(and(ownContact, eq(contactMessages.id, id))).for('update');
      return row ?? null;
    },

    /** Every public message of the shop, newest first (what customers read in /messages). */
    async publicMessages(): Promise<PublicMessageRow[]> {
      return db.select().from(publicMessages).where(ownPublic).orderBy(desc(publicMessages.id));
    },

    /** One of the shop's public messages, locked for a change, or null. */
    async lockPublicMessage(id: number): Promise<PublicMessageRow | null> {
      const [row] = await db.select().from(publicMessages).where(and(ownPublic, eq(publicMessages.id, id))).for('update');
      return row ?? null;
    },

    async updatePublicMessage(id: number, body: string): Promise<PublicMessageRow> {
      const [row] = await db.update(publicMessages).set({ body }).where(and(ownPublic, eq(publicMessages.id, id))).returning();
      return row;
    },

    async removePublicMessage(id: number): Promise<void> {
      await db.delete(publicMessages).where(and(ownPublic, eq(publicMessages.id, id)));
    },
  };
}
