import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AdRequest, AdType } from '@contract/rules/ads';
import type { AdStatus } from '@contract/rules/ad-lifecycle';

/** The moderation screen's words for the classifieds' statuses, requests and types (fa and en through the catalog). */
export const AD_STATUS_NAMES: Record<AdStatus, MessageDescriptor> = {
  awaiting: msg`Awaiting confirmation`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  edit_request: msg`Edit requested`,
  expired: msg`Expired`,
  deleted: msg`Deleted`,
  uncertain: msg`Held after reports`,
  closed: msg`Sold or rented`,
};

export const AD_REQUEST_NAMES: Record<AdRequest, MessageDescriptor> = {
  sale: msg`For sale`,
  rent: msg`For rent`,
  buy: msg`Wanted to buy`,
  partnership: msg`Partnership`,
};

export const AD_TYPE_NAMES: Record<AdType, MessageDescriptor> = {
  apartment: msg`Apartment`,
  house: msg`House`,
  land: msg`Land`,
  office: msg`Office`,
  shop: msg`Shop`,
  commercial: msg`Commercial`,
  warehouse: msg`Warehouse`,
};
