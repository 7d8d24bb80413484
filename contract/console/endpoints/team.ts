import * as v from 'valibot';
import { blankAsAbsent, blankOr, id, integer, text } from '../../fields';
import {
  ORDER_TOTAL_MAX_RIAL,
  PAYMENT_WAIT_MINUTES,
  REFERRAL_REWARD_RIAL,
  STAFF_WALLET_DAY_LIMIT_RIAL,
  STAFF_WALLET_LIMIT_RIAL,
} from '../../rules/counter';
import { AuditEntrySchema, CounterSettingsSchema, TeamMemberSchema } from '../counter-entities';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN, STAFF_ROLES, STAFF_USERNAME_MAX } from '../rules';

const offset = () => blankOr(integer({ min: 0 }), 0);

/** The owner's codes (`owner: true`: a staff member who is not an owner is 403 owner_only): the team, the audit log, the counter's settings. */
export const teamEndpoints = {
  team: {
    summary: "The shop's brand's staff accounts (never a password).",
    request: v.object({}),
    data: v.array(TeamMemberSchema),
    staff: true,
    owner: true,
  },
  team_add: {
    summary: 'Adds a staff account (username unique in the brand, password at least STAFF_PASSWORD_MIN characters, hashed with argon2id).',
    request: v.object({
      name: text({ max: 100 }),
      username: text({ max: STAFF_USERNAME_MAX }),
      password: v.pipe(v.string(), v.minLength(STAFF_PASSWORD_MIN), v.maxLength(STAFF_PASSWORD_MAX)),
      role: v.picklist(STAFF_ROLES),
    }),
    data: TeamMemberSchema,
    staff: true,
    owner: true,
  },
  team_update: {
    summary:
      "Renames, changes the role of, disables or enables (`disabled` 1/0), or sets a new password of a staff account. Disabling or a new password ends that account's sessions at once, on every instance. The last enabled owner cannot be disabled or made staff (409).",
    request: v.object({
      staff_id: id(),
      name: blankAsAbsent(text({ max: 100 })),
      role: blankAsAbsent(v.picklist(STAFF_ROLES)),
      disabled: blankAsAbsent(integer({ min: 0, max: 1 })),
      password: blankAsAbsent(v.pipe(v.string(), v.minLength(STAFF_PASSWORD_MIN), v.maxLength(STAFF_PASSWORD_MAX))),
    }),
    data: TeamMemberSchema,
    staff: true,
    owner: true,
  },
  audit_log: {
    summary: 'What staff did that changed money, an order, an access or the team, newest first (optionally one staff member).',
    request: v.object({ staff_id: blankAsAbsent(id()), offset: offset(), length: blankOr(integer({ min: 1, max: 100 }), 50) }),
    data: v.object({ entries: v.array(AuditEntrySchema), num_results: v.number(), next_offset: v.nullable(v.number()) }),
    staff: true,
    owner: true,
  },
  counter_settings: {
    summary: "The counter's settings of this shop (contract/rules/counter.ts).",
    request: v.object({}),
    data: CounterSettingsSchema,
    staff: true,
    owner: true,
  },
  counter_settings_update: {
    summary:
      "Sets the counter's settings; each within its bounds (400 with the field's message, nothing written). staff_wallet_day_limit caps what a staff member (not an owner) adds to wallets per Tehran day; order_total_max caps one order (its pure price or total, the larger).",
    request: v.object({
      payment_wait_minutes: integer({ min: PAYMENT_WAIT_MINUTES.min, max: PAYMENT_WAIT_MINUTES.max }),
      referral_reward: integer({ min: REFERRAL_REWARD_RIAL.min, max: REFERRAL_REWARD_RIAL.max }),
      order_sms: integer({ min: 0, max: 1 }),
      staff_wallet_limit: integer({ min: STAFF_WALLET_LIMIT_RIAL.min, max: STAFF_WALLET_LIMIT_RIAL.max }),
      /** absent: unchanged */
      staff_wallet_day_limit: blankAsAbsent(integer({ min: STAFF_WALLET_DAY_LIMIT_RIAL.min, max: STAFF_WALLET_DAY_LIMIT_RIAL.max })),
      /** absent: unchanged */
      order_total_max: blankAsAbsent(integer({ min: ORDER_TOTAL_MAX_RIAL.min, max: ORDER_TOTAL_MAX_RIAL.max })),
    }),
    data: CounterSettingsSchema,
    staff: true,
    owner: true,
  },
} as const;
