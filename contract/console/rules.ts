import { normalizeDigits } from '../digits';

/** Where the operator console lives: its pages (a Vite entry of its own) and its API. */
export const CONSOLE_BASE = '/order/console/';
/** POST form-data with a `code` field, like /order/order.php (docs/server.md, "Operator console"). */
export const CONSOLE_API = '/order/console/api';
/** `result` of a console code that needs a staff session when there is none (the console shows its login). */
export const STAFF_LOGIN_REQUIRED = 'staff_login_required';

/** What a staff member may do: an owner runs everything (staff accounts, settings, the audit log); staff work orders, chats, access requests and wallet top-ups up to the owner's limit. */
export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Longest username and password a login form accepts (and the server reads). */
export const STAFF_USERNAME_MAX = 50;
/** Shortest password the owner may give a staff account. */
export const STAFF_PASSWORD_MIN = 8;
export const STAFF_PASSWORD_MAX = 200;

/** Usernames are compared case-insensitively and without outer spaces or Persian digits. */
export const normalizeUsername = (username: string): string => normalizeDigits(username).trim().toLowerCase();

/** Passwords keep their spaces and case; only Persian/Arabic digits become Western (a Persian keyboard types them). */
export const normalizePassword = (password: string): string => normalizeDigits(password);

/** A login form can be sent: both fields have something in them (the server still decides). */
export const hasStaffCredentials = ({ username, password }: { username: string; password: string }): boolean =>
  normalizeUsername(username) !== '' && password !== '';

/** Chats per page of the support inbox. */
export const INBOX_PAGE_LENGTH = 20;

/** Submissions or contact messages per page of the customer-messages screen. */
export const CUSTOMER_MESSAGES_PAGE_LENGTH = 20;

/** Rows of one submissions CSV at most (newest first): a larger export is narrowed by dates. */
export const SUBMISSIONS_CSV_MAX = 5000;

/** Orders per page of the board. */
export const BOARD_PAGE_LENGTH = 50;

/** `result` of an owner's code asked by a staff member who is not an owner (403). */
export const OWNER_ONLY = 'owner_only';
