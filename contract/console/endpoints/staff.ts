import * as v from 'valibot';
import { CONTROL_CHARACTERS, hasControl, text } from '../../fields';
import { ConsoleSessionSchema } from '../entities';
import { normalizePassword, STAFF_PASSWORD_MAX, STAFF_USERNAME_MAX } from '../rules';

/** A password as typed: no trimming, no case folding; Persian digits become Western. */
const password = () =>
  v.pipe(
    v.string(),
    v.check((value) => !hasControl(value, false), CONTROL_CHARACTERS),
    v.maxLength(STAFF_PASSWORD_MAX),
    v.transform(normalizePassword),
  );

/** Staff login, logout and who is logged in (the console's foundation). */
export const staffEndpoints = {
  staff_login: {
    summary: 'Logs a staff member of this shop (its root) in with username and password; sets the `staff_sid` cookie.',
    request: v.object({ username: v.optional(text({ max: STAFF_USERNAME_MAX })), password: v.optional(password()) }),
    data: ConsoleSessionSchema,
    staff: false,
  },
  staff_logout: {
    summary: 'Ends the staff session and clears the `staff_sid` cookie (works with a stale cookie too).',
    request: v.object({}),
    data: v.null(),
    staff: false,
  },
  staff_me: {
    summary: 'The shop of this Host and the logged-in staff member, or staff null without a live staff session.',
    request: v.object({}),
    data: ConsoleSessionSchema,
    staff: false,
  },
} as const;
