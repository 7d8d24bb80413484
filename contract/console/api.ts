import { isCodeIn, type DataIn, type ParsedRequestIn, type RequestIn } from '../endpoint-types';
import { adModerationEndpoints } from './endpoints/ads';
import { inboxEndpoints } from './endpoints/inbox';
import { orderEndpoints } from './endpoints/orders';
import { staffEndpoints } from './endpoints/staff';
import { customerEndpoints } from './endpoints/customers';
import { teamEndpoints } from './endpoints/team';
import { shopSettingsEndpoints } from './endpoints/shop-settings';

/**
 * The codes of POST /order/console/api (the operator console's own endpoint): each names its
 * request schema (form fields besides `code`), the schema of the reply's `data`, and whether it
 * needs a logged-in staff member (`staff: true`: the server answers 401 `staff_login_required`
 * before the action runs) and an owner (`owner: true`: 403 `owner_only`). One file per area under endpoints/; this map is their union.
 */
export const consoleEndpoints = {
  ...staffEndpoints,
  ...inboxEndpoints,
  ...orderEndpoints,
  ...customerEndpoints,
  ...teamEndpoints,
  ...adModerationEndpoints,
  ...shopSettingsEndpoints,
} as const;

export type ConsoleEndpoints = typeof consoleEndpoints;
export type ConsoleCode = keyof ConsoleEndpoints;
export type ConsoleRequestOf<C extends ConsoleCode> = RequestIn<ConsoleEndpoints, C>;
export type ConsoleParsedRequestOf<C extends ConsoleCode> = ParsedRequestIn<ConsoleEndpoints, C>;
export type ConsoleDataOf<C extends ConsoleCode> = DataIn<ConsoleEndpoints, C>;

export const isConsoleCode = isCodeIn(consoleEndpoints);

/** `result` of a console code that needs a staff session when there is none (the console shows its login). */
export const STAFF_LOGIN_REQUIRED = 'staff_login_required';
