import { eq } from 'drizzle-orm';
import type { FormDefinition } from '@contract/forms/definition';
import { demoSurvey, skincareForm } from '@contract/forms/skincare-routine';
import type { Database } from '../db/connection';
import { forms, shops } from '../db/schema';

/**
 * The demo shops' stored forms, under the contract's ids (get_form id 2 is the skincare routine
 * finder). The franchise application is the contract's and never stored: every shop with
 * /collaborate (interfaces 2 and 100, the skincare shop too) offers it as its default form.
 */
export const DEMO_FORMS: readonly { shopSlug: string; definition: FormDefinition }[] = [
  { shopSlug: 'skincare', definition: skincareForm },
  { shopSlug: 'cafe', definition: demoSurvey },
];

/** Stores the demo forms and survey; runs inside the seed transaction. */
export async function seedForms(tx: Database): Promise<void> {
  for (const { shopSlug, definition } of DEMO_FORMS) {
    const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.slug, shopSlug));
    if (!shop) continue;
    await tx.insert(forms).values({ id: definition.id, shopId: shop.id, kind: definition.kind, definition });
  }
}
