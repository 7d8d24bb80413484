import * as v from 'valibot';
import {
  AccessRequestSchema,
  InviteDataSchema,
  LOGIN_CODE_LENGTH,
  LoginSentSchema,
  VerifyResultSchema,
  WalletChargeResultSchema,
  WalletChargeStartSchema,
  WalletSchema,
} from '../entities/account';
import { UserSchema } from '../entities/user';
import { integer, smallint, text } from '../fields';
import { WALLET_CHARGE_RETURN_PATH } from '../rules/wallet-charge';
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
    summary:
      'Updates the user\'s name, gender, Jalali birth (b_) and marriage (m_) dates, or (spec §7\'s other shape, without name and gender) only the classifieds fields ty_city, ty_town, ty_user_type. A consultant (ty_user_type consultant) needs a `consultant_code` the shop gave that nobody else holds: else 400 `invalid_input` naming `consultant_code`, nothing written.',
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
      /** with ty_user_type consultant: a code the shop gave (spec §6) */
      consultant_code: optionalText({ max: TEXT_MAX.profileText }),
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
  wallet_charge: {
    summary: `Starts a top-up of the user's own wallet through the online gateway (spec §4's operation charge): \`amount\` rial, whole units of the shop's currency within WALLET_CHARGE_RIAL (else 400 \`wallet_charge_amount\`); no gateway: 400 \`payment_unavailable\`. Answers the bank page (redirect_url) and the attempt's sep_id; the bank sends the customer back to ${WALLET_CHARGE_RETURN_PATH}?sep_id=….`,
    request: v.object({ amount: integer({ min: 0 }) }),
    data: WalletChargeStartSchema,
    login: true,
    writes: true,
  },
  wallet_charge_verify: {
    summary:
      'Asks the bank about a top-up (sep_id) and settles it once: paid -> one successful charge row (the balance grows), canceled or failed -> one charge row with status fail; waiting -> nothing. Asked again (a second callback, a reload) it answers as it stands. Another user\'s or an unknown sep_id: 404 `not_found`.',
    request: v.object({ sep_id: text({ max: 100 }) }),
    data: WalletChargeResultSchema,
    login: true,
    writes: true,
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
