import { isCodeIn, type DataIn, type ParsedRequestIn, type RequestIn } from '../endpoint-types';
import { alwaysEndpoints } from './always-endpoints';
import { screenEndpoints } from './screen-endpoints';

/**
 * The codes of POST /order/console/api (the operator console's own endpoint): each names its
 * request schema (form fields besides `code`), the schema of the reply's `data`, and whether it
 * needs a logged-in staff member (`staff: true`: the server answers 401 `staff_login_required`
 * before the action runs) and an owner (`owner: true`: 403 `owner_only`). One file per area under endpoints/; this map is
 * their union: those the console calls from its first screen on (always-endpoints.ts) and those a screen of their own
 * calls (screen-endpoints.ts, loaded with the first such screen).
 */
export const consoleEndpoints = {
  ...alwaysEndpoints,
  ...screenEndpoints,
} as const;

export type ConsoleEndpoints = typeof consoleEndpoints;
export type ConsoleCode = keyof ConsoleEndpoints;
export type ConsoleRequestOf<C extends ConsoleCode> = RequestIn<ConsoleEndpoints, C>;
export type ConsoleParsedRequestOf<C extends ConsoleCode> = ParsedRequestIn<ConsoleEndpoints, C>;
export type ConsoleDataOf<C extends ConsoleCode> = DataIn<ConsoleEndpoints, C>;

export const isConsoleCode = isCodeIn(consoleEndpoints);

export { STAFF_LOGIN_REQUIRED } from './rules';
