import type { AuditEntry, CounterSettings, TeamMember } from '@contract/console/counter-entities';
import { normalizeUsername } from '@contract/console/rules';
import type { StaffAuditRow, StaffRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { CounterSettingsRow } from '../../repositories/counter-settings-repository';
import { nextOffset } from '../../services/chat/chat-mappers';
import { publishShopChanged } from '../../services/events/topics';
import { hashPassword } from '../../services/password';
import { staffWrite } from './commit';
import type { ConsoleHandlers } from './context';

const toTeamMember = (row: StaffRow): TeamMember => ({ id: row.id, name: row.name, username: row.username, role: row.role, disabled: row.disabled, created_at: row.createdAt.toISOString() });

const toAuditEntry = (row: StaffAuditRow): AuditEntry => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  staff_id: row.staffId,
  staff_name: row.staffName,
  action: row.action,
  subject_type: row.subjectType,
  subject_id: row.subjectId,
  detail: row.detail,
});

const toCounterSettings = (row: CounterSettingsRow): CounterSettings => ({
  payment_wait_minutes: row.paymentWaitMinutes,
  referral_reward: row.referralReward,
  order_sms: row.orderSms,
  staff_wallet_limit: row.staffWalletLimit,
  staff_wallet_day_limit: row.staffWalletDayLimit,
  order_total_max: row.orderTotalMax,
});

/** The owner's codes (`owner: true`, checked by the route): the team, the audit log, the counter's settings. */
export const teamActions: ConsoleHandlers<'team' | 'team_add' | 'team_update' | 'audit_log' | 'counter_settings' | 'counter_settings_update'> = {
  async team({ repos }) {
    return (await repos.staff.team()).map(toTeamMember);
  },

  async team_add(context, input) {
    const { staff, language, clock } = context;
    const name = input.name.trim();
    const username = normalizeUsername(input.username);
    if (name === '' || username === '') throw new ApiError(400, 'invalid_input', translate(language, 'staff_name_required'));
    // Hashed before the transaction: ~10 ms of CPU that holds no lock.
    const passwordHash = await hashPassword(input.password);
    return staffWrite(context, async (tx) => {
      const added = await tx.staff.add({ name, username, passwordHash, role: input.role }, clock());
      if (!added) throw new ApiError(409, 'username_taken', translate(language, 'username_taken'), undefined, { field: 'username' });
      await tx.staffAudit.record(staff, { action: 'staff.create', subjectType: 'staff', subjectId: added.id, detail: { username, role: input.role } }, clock());
      return toTeamMember(added);
    });
  },

  async team_update(context, input) {
    const { staff, language, clock } = context;
    const name = input.name?.trim();
    if (name === '') throw new ApiError(400, 'invalid_input', translate(language, 'staff_name_required'));
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    return staffWrite(context, async (tx) => {
      const { member, otherOwners } = await tx.staff.lockForChange(input.staff_id);
      if (!member) throw new ApiError(404, 'not_found', translate(language, 'staff_member_not_found'));
      const disabled = input.disabled === undefined ? member.disabled : input.disabled === 1;
      const role = input.role ?? member.role;
      // The last enabled owner stays one: nobody could manage the team after.
      const wasOwner = member.role === 'owner' && !member.disabled;
      if (wasOwner && (disabled || role !== 'owner') && otherOwners === 0) throw new ApiError(409, 'last_owner', translate(language, 'last_owner'));
      const updated = await tx.staff.update(member.id, { ...(name === undefined ? {} : { name }), role, disabled, ...(passwordHash === undefined ? {} : { passwordHash }) });
      // Sessions are read from the table on every request (no cache): deleting them logs the member out on every instance at once.
      if ((disabled && !member.disabled) || passwordHash !== undefined) await tx.staff.deleteSessionsOf(member.id);
      const detail: Record<string, unknown> = {};
      if (name !== undefined && name !== member.name) detail.name = { from: member.name, to: name };
      if (role !== member.role) detail.role = { from: member.role, to: role };
      if (disabled !== member.disabled) detail.disabled = disabled;
      if (passwordHash !== undefined) detail.password = 'changed';
      await tx.staffAudit.record(staff, { action: 'staff.update', subjectType: 'staff', subjectId: member.id, detail }, clock());
      return toTeamMember(updated);
    });
  },

  async audit_log({ repos }, { staff_id, offset, length }) {
    const page = await repos.staffAudit.page({ staffId: staff_id, offset, length });
    return { entries: page.rows.map(toAuditEntry), num_results: page.total, next_offset: nextOffset(offset, page.rows.length, page.total) };
  },

  async counter_settings({ repos }) {
    return toCounterSettings(await repos.counterSettings.read());
  },

  async counter_settings_update(context, input) {
    const { staff, clock, shop, events } = context;
    return staffWrite(context, async (tx, later) => {
      const before = await tx.counterSettings.read();
      const after = await tx.counterSettings.write({
        paymentWaitMinutes: input.payment_wait_minutes,
        referralReward: input.referral_reward,
        orderSms: input.order_sms === 1,
        staffWalletLimit: input.staff_wallet_limit,
        // Absent (a client from before the two caps): kept as they are.
        staffWalletDayLimit: input.staff_wallet_day_limit ?? before.staffWalletDayLimit,
        orderTotalMax: input.order_total_max ?? before.orderTotalMax,
      });
      await tx.staffAudit.record(staff, { action: 'settings.update', subjectType: 'shop', subjectId: shop.id, detail: { from: toCounterSettings(before), to: toCounterSettings(after) } }, clock());
      // The shop row is cached (tenant, read cache): every instance drops it once this committed.
      later(() => publishShopChanged(events, [shop.id]));
      return toCounterSettings(after);
    });
  },
};
