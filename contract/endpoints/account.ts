import * as v from 'valibot';
import {
  AccessRequestSchema,
  InviteDataSchema,
  LOGIN_CODE_LENGTH,
  LoginSentSchema,
  VerifyResultSchema,
  WalletSchema,
} from '../entities/account';
import { UserSchema } from '../entities/user';
import { smallint, text } from '../fields';
import { TEXT_MAX } from '../rules/limits';

const optionalText = (options?: Parameters<typeof text>[0]) => v.optional(text(options));
// A date part: '' clears the stored date, so blank is a value here, not absent.
const datePart = () => v.optional(v.union([v.literal(''), smallint()]));

/** Login by SMS code, registration, profile, wallet, referral and access requests (issue 4). */
export const accountEndpoints = {
  login: {
    summary: `Sends a ${LOGIN_CODE_LENGTH}-digit code by SMS to an Iranian mobile and starts a login request (cookie \`lrid\`). Also the resend.`,
    request: v.object({ phone_number: optionalText({ max: TEXT_MAX.phone }) }),
    data: LoginSentSchema,
    login: false,
  },
  check_verify_code: {
    summary: 'Checks the code of the login request in the `lrid` cookie; a returning user is logged in (new `sid`).',
    request: v.object({ verify_code: optionalText() }),
    data: VerifyResultSchema,
    login: false,
  },
  complete_register: {
    summary: 'Creates the account of a verified new phone with its full name and logs it in; `ref` is an optional referral code.',
    request: v.object({ name: optionalText({ max: TEXT_MAX.personName }), ref: optionalText() }),
    data: UserSchema,
    login: false,
  },
  logout: {
    summary: 'Deletes the session and clears the `sid` cookie.',
    request: v.object({}),
    data: v.null(),
    login: false,
  },
  update_profile: {
    summary: 'Updates the user\'s name, gender, Jalali birth (b_) and marriage (m_) dates and classifieds fields.',
    request: v.object({
      id: optionalText(),
      name: optionalText({ max: TEXT_MAX.personName }),
      gender: optionalText(),
      b_year: datePart(),
      b_month: datePart(),
      b_day: datePart(),
      m_year: datePart(),
      m_month: datePart(),
      m_day: datePart(),
      ty_city: optionalText({ max: TEXT_MAX.profileText }),
      ty_town: optionalText({ max: TEXT_MAX.profileText }),
      ty_user_type: optionalText({ max: TEXT_MAX.profileText }),
    }),
    data: UserSchema,
    login: true,
  },
  get_wallet: {
    summary: 'The user\'s wallet balance (rial) and transactions, newest first.',
    request: v.object({}),
    data: WalletSchema,
    login: true,
  },
  get_invite_data: {
    summary: 'The user\'s referral code, share link and reward counts.',
    request: v.object({}),
    data: InviteDataSchema,
    login: true,
  },
  request_access: {
    summary: 'Asks an access-request shop for access (wholesale); the answer arrives by SMS. A blank `company` is refused (400 `invalid_input`, data `{ field: \'company\' }`, nothing written).',
    request: v.object({ message: optionalText({ max: TEXT_MAX.accessMessage, multiline: true }), company: optionalText({ max: TEXT_MAX.profileText }) }),
    data: AccessRequestSchema,
    login: true,
  },
} as const;
