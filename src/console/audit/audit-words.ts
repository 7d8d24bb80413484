import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditEntry, TeamMember } from '@contract/console/counter-entities';
import type { Currency, Language } from '@contract/enums';
import { formatMoney } from '@contract/money';
import { formatNumber } from '@contract/numbers';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const change = (value: unknown): { from: string; to: string } | null => {
  const { from, to } = (value ?? {}) as { from?: unknown; to?: unknown };
  return typeof from === 'string' && typeof to === 'string' ? { from, to } : null;
};

/**
 * One audit entry in words, by its action as the server writes it (order.confirm|send|complete|cancel, wallet.adjust,
 * access.approve|deny, staff.create|update, settings.update, discount.create|update|disable|enable) and its detail; an action without words shows as written.
 * A staff subject is named from the team; a customer by their number.
 */
export function auditText(entry: AuditEntry, i18n: I18n, currency: Currency, language: Language, team: readonly TeamMember[]): string {
  const detail = entry.detail;
  const numbered = (id: number | null) => (id === null ? '' : `#${formatNumber(id, language, { useGrouping: false })}`);
  const reason = text(detail.reason);
  const amount = number(detail.amount);
  const customer = text(detail.name) || numbered(number(detail.user_id) ?? entry.subject_id);
  const order = text(detail.tracking_code) || numbered(entry.subject_id);
  const member = team.find((shown) => shown.id === entry.subject_id)?.name || text(detail.username) || numbered(entry.subject_id);
  switch (entry.action) {
    case 'order.confirm':
      return i18n._(msg`Confirmed order ${order}`);
    case 'order.send':
      return i18n._(msg`Sent order ${order}`);
    case 'order.complete':
      return i18n._(msg`Completed order ${order}`);
    case 'order.cancel':
      return i18n._(msg`Canceled order ${order}: ${reason}`);
    case 'wallet.adjust':
      if (amount === null) return i18n._(msg`Changed the wallet of ${customer}: ${reason}`);
      return amount >= 0
        ? i18n._(msg`Added ${formatMoney(amount, currency, language)} to the wallet of ${customer}: ${reason}`)
        : i18n._(msg`Took ${formatMoney(-amount, currency, language)} back from the wallet of ${customer}: ${reason}`);
    case 'access.approve':
      return i18n._(msg`Approved the access of ${customer}`);
    case 'access.deny':
      return i18n._(msg`Denied the access of ${customer}: ${reason}`);
    case 'staff.create':
      return i18n._(msg`Added the staff account ${member}`);
    case 'staff.update':
      return staffChange(entry, i18n, member);
    case 'settings.update':
      return i18n._(msg`Changed the counter's settings`);
    case 'discount.create':
      return i18n._(msg`Created the discount code ${text(detail.code)}`);
    case 'discount.update':
      return i18n._(msg`Changed the discount code ${text(detail.code)}`);
    case 'discount.disable':
      return i18n._(msg`Turned off the discount code ${text(detail.code)}`);
    case 'discount.enable':
      return i18n._(msg`Turned on the discount code ${text(detail.code)}`);
    case 'item.stock':
      return detail.in_stock === false ? i18n._(msg`Marked ${text(detail.name)} finished for today`) : i18n._(msg`Marked ${text(detail.name)} in stock again`);
    case 'item.pictures':
      return i18n._(msg`Changed the pictures of ${text(detail.name)}`);
    case 'folder.picture':
      return i18n._(msg`Changed the picture of the folder ${text(detail.name)}`);
    case 'gallery.update':
      return i18n._(msg`Changed the gallery`);
    case 'magazine.update':
      // A save names the post's title; a publish, a draft or a removal only its id.
      return text(detail.title) ? i18n._(msg`Wrote the magazine post ${text(detail.title)}`) : i18n._(msg`Changed the magazine`);
    case 'item.create':
      return i18n._(msg`Added the item ${text(detail.name)}`);
    case 'item.extras':
      return i18n._(msg`Changed the option steps and extras of ${text(detail.name)}`);
    case 'item.update': {
      const price = detail.price as { from?: unknown; to?: unknown } | undefined;
      const from = number(price?.from);
      const to = number(price?.to);
      return from !== null && to !== null
        ? i18n._(msg`Changed the price of ${text(detail.name)} from ${formatMoney(from, currency, language)} to ${formatMoney(to, currency, language)}`)
        : i18n._(msg`Changed the item ${text(detail.name)}`);
    }
    case 'public_message.create':
      return i18n._(msg`Published the public message “${text(detail.body)}”`);
    case 'public_message.update':
      return i18n._(msg`Changed the public message to “${text(detail.to)}”`);
    case 'public_message.delete':
      return i18n._(msg`Deleted the public message “${text(detail.body)}”`);
    default:
      return entry.action;
  }
}

/** What a staff.update changed, each part in words (its detail holds only what changed). */
function staffChange(entry: AuditEntry, i18n: I18n, member: string): string {
  const detail = entry.detail;
  const parts: string[] = [];
  const renamed = change(detail.name);
  if (renamed) parts.push(i18n._(msg`renamed from ${renamed.from} to ${renamed.to}`));
  const role = change(detail.role);
  if (role) parts.push(role.to === 'owner' ? i18n._(msg`made an owner`) : i18n._(msg`made staff`));
  if (detail.disabled === true) parts.push(i18n._(msg`disabled`));
  if (detail.disabled === false) parts.push(i18n._(msg`enabled`));
  if (detail.password !== undefined) parts.push(i18n._(msg`given a new password`));
  const list = parts.join(i18n.locale === 'fa' ? '، ' : ', ');
  return list ? i18n._(msg`Staff account ${member}: ${list}`) : i18n._(msg`Changed the staff account ${member}`);
}
