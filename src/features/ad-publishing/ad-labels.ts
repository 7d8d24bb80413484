import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AdAction, AdStatus } from '@contract/rules/ad-lifecycle';
import type { AdMissing } from '@contract/rules/ads';
import type { WizardField } from '@machines/classifieds/ad-draft';

/** The words of the publishing side's fields, statuses and actions, in fa and en (the ad's choices: classifieds-words/). */

export const FIELD_LABELS: Record<WizardField | AdMissing, MessageDescriptor> = {
  title: msg`Title`,
  province: msg`Province`,
  city: msg`City`,
  neighborhood: msg`Neighborhood`,
  meterage: msg`Meterage (m²)`,
  rooms: msg`Rooms`,
  build_year: msg`Build year`,
  total_price: msg`Total price (rial)`,
  deposit: msg`Deposit (rial)`,
  monthly_rent: msg`Monthly rent (rial)`,
  partnership_for: msg`Partnership for`,
  comment: msg`Description`,
  location: msg`Location on the map`,
  business_class: msg`Business class`,
};

/** Spec §3's statuses in words. */
export const STATUS_LABELS: Record<AdStatus, MessageDescriptor> = {
  awaiting: msg`Awaiting confirmation`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  edit_request: msg`Edit requested`,
  expired: msg`Expired`,
  deleted: msg`Deleted`,
  uncertain: msg`Held for review`,
  closed: msg`Sold or rented`,
};

export const ACTION_LABELS: Record<Extract<AdAction, 'edit' | 'renew' | 'close' | 'delete'>, MessageDescriptor> = {
  edit: msg`Edit`,
  renew: msg`Renew`,
  close: msg`Mark sold or rented`,
  delete: msg`Delete`,
};
