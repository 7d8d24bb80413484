import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AdAction, AdStatus } from '@contract/rules/ad-lifecycle';
import type { AdMissing, AdRequest, AdType, BusinessClass } from '@contract/rules/ads';
import type { WizardField } from '@machines/classifieds/ad-draft';

/** The words of the classifieds' choices and labels (spec §3's ad labels), in fa and en. */

export const REQUEST_LABELS: Record<AdRequest, MessageDescriptor> = {
  sale: msg`For sale`,
  rent: msg`For rent`,
  buy: msg`Wanted to buy`,
  partnership: msg`Partnership`,
};

export const TYPE_LABELS: Record<AdType, MessageDescriptor> = {
  apartment: msg`Apartment`,
  house: msg`House`,
  land: msg`Land`,
  office: msg`Office`,
  shop: msg`Shop`,
  commercial: msg`Commercial property`,
  warehouse: msg`Warehouse`,
};

export const BUSINESS_CLASS_LABELS: Record<BusinessClass, MessageDescriptor> = {
  food: msg`Food and restaurants`,
  retail: msg`Retail`,
  services: msg`Services`,
  medical: msg`Medical`,
  office: msg`Office work`,
  industrial: msg`Industrial`,
  other: msg`Other`,
};

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
