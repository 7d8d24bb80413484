import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WalletOperation } from '@contract/entities/account';

const LABELS = {
  charge: msg`Charge`,
  buy: msg`Purchase`,
  refund: msg`Refund`,
  admin: msg`Increase by admin`,
  system: msg`Increase by system`,
} as const;

/** A ledger row's operation as the customer's wallet page names it (spec §4's labels). */
export const operationLabel = (operation: WalletOperation, i18n: I18n): string => i18n._(LABELS[operation]);
