import { msg } from '@lingui/core/macro';
import type { ApiFailure } from '@machines/api-failure';
import { i18n } from '@/i18n/i18n';
import { localDigits } from '@contract/numbers';
import { enqueueSnackbar } from './toasts';

/**
 * A failed call as spec §8 says to show it: the server's own (localised) message in an error toast;
 * a call that got no answer says so. The machines' `notify` action, provided by the composition root.
 */
export function toastFailure(failure: ApiFailure): void {
  const language = i18n.locale === 'en' ? 'en' : 'fa';
  enqueueSnackbar(failure.message ? localDigits(failure.message, language) : i18n._(msg`The server could not be reached; check the connection and try again.`), { variant: 'error' });
}
