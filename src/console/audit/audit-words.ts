import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditEntry } from '@contract/console/counter-entities';
import type { Currency, Language } from '@contract/enums';
import { formatMoney } from '@contract/money';
import { formatNumber, localDigits } from '@contract/numbers';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * One audit entry in words, by its action (server/db/schema/staff.ts names them: order.confirm, wallet.adjust,
 * access.approve, staff.create, settings.update …); an action without words shows as the server wrote it.
 */
export function auditText(entry: AuditEntry, i18n: I18n, currency: Currency, language: Language): string {
  const detail = entry.detail;
  const subject = entry.subject_id === null ? '' : formatNumber(entry.subject_id, language);
  const reason = text(detail.reason);
  const amount = number(detail.amount);
  const name = text(detail.name) || text(detail.customer) || subject;
  switch (entry.action) {
    case 'order.confirm':
      return i18n._(msg`Confirmed order ${localDigits(text(detail.tracking_code) || subject, language)}`);
    case 'order.send':
      return i18n._(msg`Sent order ${localDigits(text(detail.tracking_code) || subject, language)}`);
    case 'order.complete':
      return i18n._(msg`Completed order ${localDigits(text(detail.tracking_code) || subject, language)}`);
    case 'order.cancel':
      return i18n._(msg`Canceled order ${localDigits(text(detail.tracking_code) || subject, language)}: ${reason}`);
    case 'wallet.adjust':
      return amount === null
        ? i18n._(msg`Changed the wallet of ${name}: ${reason}`)
        : amount >= 0
          ? i18n._(msg`Added ${formatMoney(amount, currency, language)} to the wallet of ${name}: ${reason}`)
          : i18n._(msg`Took ${formatMoney(-amount, currency, language)} back from the wallet of ${name}: ${reason}`);
    case 'access.approve':
      return i18n._(msg`Approved the access of ${name}`);
    case 'access.deny':
      return i18n._(msg`Denied the access of ${name}: ${reason}`);
    case 'staff.create':
      return i18n._(msg`Added the staff account ${name}`);
    case 'staff.update':
      return i18n._(msg`Changed the staff account ${name}`);
    case 'staff.disable':
      return i18n._(msg`Disabled the staff account ${name}`);
    case 'staff.enable':
      return i18n._(msg`Enabled the staff account ${name}`);
    case 'staff.password':
      return i18n._(msg`Set a new password for ${name}`);
    case 'settings.update':
      return i18n._(msg`Changed the counter's settings`);
    default:
      return entry.action;
  }
}
