import { randomBytes } from 'node:crypto';
import { and, eq, isNull, notExists, or } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { shops, staff } from '../db/schema';
import { hashPassword } from '../services/password';

/** The demo console login of every root shop (README, demo table): username `admin`, password `demo-<slug>`. */
export const DEMO_STAFF_USERNAME = 'admin';
export const demoStaffPassword = (slug: string) => `demo-${slug}`;

/** How the seeded staff passwords are chosen: the documented demo ones, or random ones (production). */
export type StaffPasswords = 'demo' | 'random';

export interface SeededStaffLogin {
  slug: string;
  username: string;
  password: string;
}

/**
 * One owner account for every root shop that has no staff (a brand's branches share it): all of
 * them on the first start, and on a database made before the console existed, its shops at the
 * first start of this version (else nobody could ever log into their console). In production
 * the password is random and returned once for main.ts to print: a public server never answers to a documented one.
 */
export async function seedStaff(tx: Database, passwords: StaffPasswords): Promise<SeededStaffLogin[]> {
  const roots = await tx
    .select({ id: shops.id, slug: shops.slug })
    .from(shops)
    .where(and(or(isNull(shops.rootId), eq(shops.rootId, shops.id)), notExists(tx.select({ id: staff.id }).from(staff).where(eq(staff.rootId, shops.id)))));
  const logins = roots.map((root) => ({
    root,
    login: { slug: root.slug, username: DEMO_STAFF_USERNAME, password: passwords === 'demo' ? demoStaffPassword(root.slug) : randomBytes(12).toString('base64url') },
  }));
  // Hashed side by side (libuv's pool): eleven argon2 hashes cost the seed ~30 ms, not ~100.
  const hashes = await Promise.all(logins.map(({ login }) => hashPassword(login.password)));
  if (logins.length) {
    await tx.insert(staff).values(
      logins.map(({ root }, index) => ({ rootId: root.id, name: 'مدیر فروشگاه', username: DEMO_STAFF_USERNAME, passwordHash: hashes[index], role: 'owner' as const })),
    );
  }
  return logins.map(({ login }) => login);
}
