import * as v from 'valibot';
import { STAFF_ROLES } from './rules';

/** A staff member as the console sees them (never the password hash). */
export const StaffSchema = v.object({
  id: v.number(),
  name: v.string(),
  username: v.string(),
  role: v.picklist(STAFF_ROLES),
});
export type Staff = v.InferOutput<typeof StaffSchema>;

/** The shop whose console this is (the Host's), named in both languages. */
export const ConsoleShopSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  name_en: v.string(),
});
export type ConsoleShop = v.InferOutput<typeof ConsoleShopSchema>;

/** Who is at the console of which shop; staff is null until someone logs in. */
export const ConsoleSessionSchema = v.object({
  shop: ConsoleShopSchema,
  staff: v.nullable(StaffSchema),
});
export type ConsoleSession = v.InferOutput<typeof ConsoleSessionSchema>;
