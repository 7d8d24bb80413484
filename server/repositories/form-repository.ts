import { and, asc, eq } from 'drizzle-orm';
import type { Language } from '@contract/enums';
import type { FormEntry } from '@contract/entities/form';
import type { Database } from '../db/connection';
import { formSubmissions, forms, type FormKind, type FormRow, type ShopRow } from '../db/schema';

/** The forms, survey and submissions of one shop. */
export function createFormRepository(db: Database, shop: ShopRow) {
  const own = (kind: FormKind) => and(eq(forms.shopId, shop.id), eq(forms.kind, kind));
  return {
    /** A stored form of this kind by id, or null (another shop's id is null too). */
    async byId(kind: FormKind, id: number): Promise<FormRow | null> {
      const [row] = await db.select().from(forms).where(and(own(kind), eq(forms.id, id))).limit(1);
      return row ?? null;
    },

    /** The first stored form of this kind (lowest id), or null. */
    async first(kind: FormKind): Promise<FormRow | null> {
      const [row] = await db.select().from(forms).where(own(kind)).orderBy(asc(forms.id)).limit(1);
      return row ?? null;
    },

    /** Stores one accepted submission, made at `at` (the console filters them by its Tehran day); returns its id. */
    async addSubmission({ at, ...submission }: { formId: number | null; kind: FormKind; userId: number | null; answers: FormEntry[]; language: Language; at: Date }): Promise<number> {
      const [row] = await db
        .insert(formSubmissions)
        .values({ shopId: shop.id, ...submission, createdAt: at })
        .returning({ id: formSubmissions.id });
      return row.id;
    },
  };
}
