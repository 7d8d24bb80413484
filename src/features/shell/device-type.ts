const DEVICE_TYPE_KEY = 'storefront.device_type';
const agreementKey = (shopId: number) => `storefront.agreement.${shopId}`;

/**
 * The device type a host app's webview announces with `?device_type=N`; remembered in
 * localStorage so later navigations inside the app keep it. 0 when never announced.
 */
export function readDeviceType(search: string = window.location.search): number {
  try {
    const announced = new URLSearchParams(search).get('device_type');
    if (announced !== null && /^\d+$/.test(announced)) {
      window.localStorage.setItem(DEVICE_TYPE_KEY, announced);
      return Number(announced);
    }
    const stored = window.localStorage.getItem(DEVICE_TYPE_KEY);
    return stored !== null && /^\d+$/.test(stored) ? Number(stored) : 0;
  } catch {
    return 0;
  }
}

/** Whether this shop's agreement was accepted on this device. */
export function hasAcceptedAgreement(shopId: number): boolean {
  try {
    return window.localStorage.getItem(agreementKey(shopId)) === '1';
  } catch {
    return false;
  }
}

/** Remembers that this shop's agreement was accepted. */
export function acceptAgreement(shopId: number): void {
  try {
    window.localStorage.setItem(agreementKey(shopId), '1');
  } catch {
    // Without storage the modal simply returns next visit.
  }
}
