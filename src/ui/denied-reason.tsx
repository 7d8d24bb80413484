import { Trans } from '@lingui/react/macro';

/** Why an access request was declined: the shop's own words when its decision has them, else a plain sentence. */
export function DeniedReason({ reason }: { reason: string }) {
  const words = reason.trim();
  return words === '' ? (
    <Trans>Your request to access this store has not been approved.</Trans>
  ) : (
    <Trans>Your request to access this store was declined: {words}</Trans>
  );
}
