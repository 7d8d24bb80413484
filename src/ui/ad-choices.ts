import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AdRequest, AdType, BusinessClass } from '@contract/rules/ads';

/** The words of an ad's choices (spec §1's requests, spec §3's type and business class), shared by the finding and publishing screens. */

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
