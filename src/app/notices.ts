import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AddressNoticeId } from '@machines/address-machine';
import { asFailure } from '@machines/api-failure';
import type { Notice } from '@machines/notice';
import type { OrderNoticeId } from '@machines/order-machine';
import type { ResourceNoticeId } from '@machines/resource-machine';
import { i18n } from '@/i18n/i18n';
import { toastFailure } from '@/ui/failure-toast';
import { enqueueSnackbar } from '@/ui/toasts';

/**
 * The words of every notice a chart raises, by its id (each chart exports its ids' union; the
 * record's type lists them all, so a new id without words fails the typecheck).
 */
export type NoticeId = ResourceNoticeId | OrderNoticeId | AddressNoticeId;

const NOTICE_TEXTS: Record<NoticeId, MessageDescriptor> = {
  'profile saved': msg`Your profile was saved.`,
  'contact sent': msg`Your message was sent. Thank you!`,
  'order canceled': msg`Your order was canceled.`,
  'position unavailable': msg`error in user position`,
};

/** The charts' `notify` action, provided once by the composition root. */
export function showNotice(notice: Notice<NoticeId>): void {
  if (notice.tone === 'failure') toastFailure(asFailure(notice.error));
  else enqueueSnackbar(i18n._(NOTICE_TEXTS[notice.id]), { variant: notice.tone });
}
