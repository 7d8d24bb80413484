import { createElement } from 'react';
import Button from '@mui/material/Button';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AddressNoticeId } from '@machines/address-machine';
import { asFailure } from '@machines/api-failure';
import type { Notice } from '@machines/notice';
import type { OrderNewsNoticeId } from '@machines/order-news';
import type { AdNewsNoticeId } from '@machines/classifieds/ad-news';
import type { MyAdsNoticeId } from '@machines/classifieds/my-ads-machine';
import type { OrderNoticeId } from '@machines/order-machine';
import type { ResourceNoticeId } from '@machines/resource-machine';
import { i18n } from '@/i18n/i18n';
import { formatNumber, localDigits } from '@/ui/format';
import { toastFailure } from '@/ui/failure-toast';
import { closeSnackbar, enqueueSnackbar } from '@/ui/toasts';

/**
 * The words of every notice a chart raises, by its id (each chart exports its ids' union; the
 * record's type lists them all, so a new id without words fails the typecheck).
 */
export type NoticeId = ResourceNoticeId | OrderNoticeId | AddressNoticeId | OrderNewsNoticeId | AdNewsNoticeId | MyAdsNoticeId;

const NOTICE_TEXTS: Record<NoticeId, MessageDescriptor> = {
  'profile saved': msg`Your profile was saved.`,
  'contact sent': msg`Your message was sent. Thank you!`,
  'order canceled': msg`Your order was canceled.`,
  'position unavailable': msg`error in user position`,
  'order confirmed': msg`The store confirmed your order.`,
  'order confirmed, ready in': msg({ message: 'The store confirmed your order — ready in about {minutes} minutes' }),
  'order on its way': msg`Your order is on its way.`,
  'order ready for pickup': msg`Your order is ready for pickup.`,
  'order delivered': msg`Your order was delivered.`,
  'order canceled by the store, reason': msg({ message: 'The store canceled your order: {reason}' }),
  'order payment expired': msg`Your order was canceled because it was not paid in time.`,
  'ad approved': msg({ message: 'Your ad “{title}” was approved and is published.' }),
  'ad rejected, reason': msg({ message: 'Your ad “{title}” was rejected: {reason}' }),
  'ad edit requested, reason': msg({ message: 'Your ad “{title}” needs an edit: {reason}' }),
  'ad expired': msg({ message: 'Your ad “{title}” has expired; you can renew it in My ads.' }),
  'ad held': msg({ message: 'Your ad “{title}” is held for review after reports.' }),
  'ad matches a saved search': msg({ message: 'A new ad for your search “{search}”: {title}' }),
  'ad renewed': msg`Your ad was renewed.`,
  'ad closed': msg`Your ad was closed.`,
  'ad deleted': msg`Your ad was deleted.`,
};

/** A notice's numbers and the digits of its texts (an ad's title) in the visitor's digits (Persian in fa). */
const localValues = (values: Record<string, string | number> | undefined) => {
  const language = i18n.locale === 'en' ? 'en' : 'fa';
  return values && Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'number' ? formatNumber(value, language) : localDigits(value, language)]));
};

const OPEN_LINK = msg`View`;

/**
 * The charts' `notify` action, provided once by the composition root. A notice with a link offers to open it
 * through `open` (toasts are drawn outside the router, so the root's navigation is handed in).
 */
export function showNotice(notice: Notice<NoticeId>, open?: (path: string) => void): void {
  if (notice.tone === 'failure') toastFailure(asFailure(notice.error));
  else {
    const text = NOTICE_TEXTS[notice.id];
    const { link } = notice;
    const action =
      link && open
        ? (key: number) =>
            createElement(
              Button,
              {
                color: 'inherit',
                size: 'small',
                // a data attribute is not in Button's props type, but is passed to its element
                ...{ 'data-testid': 'notice-link' },
                onClick: () => {
                  closeSnackbar(key);
                  open(link);
                },
              },
              i18n._(OPEN_LINK.id, undefined, { message: OPEN_LINK.message }),
            )
        : undefined;
    enqueueSnackbar(i18n._(text.id, localValues(notice.values), { message: text.message }), { variant: notice.tone, action });
  }
}
