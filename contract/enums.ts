/** Interface ids select a shop's home layout (spec §1). */
export const INTERFACE_IDS = [2, 3, 4, 5, 7, 99, 100, 101, 102] as const;
export type InterfaceId = (typeof INTERFACE_IDS)[number];
/** Each interface id by what it serves (README's demo shops), so no rule names a layout by a bare number. */
export const Interface = {
  restaurant: 2,
  retail: 3,
  classifieds: 4,
  membersOnly: 5,
  wholesale: 7,
  digitalMenu: 99,
  skincare: 100,
  nuts: 101,
  cafe: 102,
} as const satisfies Record<string, InterfaceId>;

export const LANGUAGES = ['fa', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fa';

/** Delivery method values of spec §3. */
export const DeliveryMethod = { pickup: 1, courier: 2, otherCity: 3 } as const;
export type DeliveryMethodValue = (typeof DeliveryMethod)[keyof typeof DeliveryMethod];
/** Every delivery method value, for schemas (v.picklist). */
export const DELIVERY_METHOD_VALUES = [DeliveryMethod.pickup, DeliveryMethod.courier, DeliveryMethod.otherCity] as const;
/** Whether a stored number is a delivery method of spec §3. */
export const isDeliveryMethod = (value: number | null): value is DeliveryMethodValue => (DELIVERY_METHOD_VALUES as readonly number[]).includes(value ?? 0);

/** IRR is shown as rial, IRT as toman; amounts are always rial on the wire. */
export const CURRENCIES = ['IRR', 'IRT'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Item type 2 is a folder; type 12 never appears in lists. */
export const ItemType = { product: 1, folder: 2, hidden: 12 } as const;

/** access_flag of a user at an access-request shop: -1 denied, 0 pending, 1 approved. */
export const AccessFlag = { denied: -1, pending: 0, approved: 1 } as const;

/** Branch status 1 is open; 2 sorts after it (closed or not taking orders). */
export const BranchStatus = { open: 1, closed: 2 } as const;

/** error_code -1 sends the user to '/' (spec §8). */
export const ErrorCode = { goHome: -1 } as const;
