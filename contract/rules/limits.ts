/**
 * Caps on what a client may send. The contract's field builders enforce them,
 * the SPA uses the same numbers as maxLength, and docs/server.md ("Limits")
 * lists them. Lengths count UTF-16 code units, as the browser's maxlength does.
 */

/** PostgreSQL integer (int4): ids and counts. */
export const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;
/** PostgreSQL smallint: flags, kinds, statuses, Jalali date parts, magazine categories. */
export const SMALLINT = { min: -32_768, max: 32_767 } as const;

/** Longest text of each kind of field. */
export const TEXT_MAX = {
  /** any single-line field without its own cap (codes, keys, names of choices) */
  default: 200,
  /** a person's full name (registration, profile, contact form) */
  personName: 100,
  /** profile classifieds fields and the company of an access request */
  profileText: 100,
  /** the message of an access request */
  accessMessage: 1000,
  phone: 20,
  email: 200,
  /** the contact form's message */
  contactMessage: 2000,
  /** an address's label (home, work, …) */
  addressLabel: 100,
  /** an address's text */
  address: 500,
  city: 100,
  postalCode: 20,
  branchName: 100,
  /** the order note (save_comment) */
  orderComment: 500,
  /** a product search */
  search: 200,
  /** the raw text of a JSON field (cart extras and option choices, a location) */
  json: 4000,
  /** the raw JSON of a whole form or survey submission (every question's text and answer; one multipart field holds it) */
  formJson: 5_400,
  /** one answer of a form or survey */
  formAnswer: 2000,
} as const;

/** Most entries a JSON list field (cart extras, option choices) may hold. */
export const JSON_LIST_MAX = 50;

/** Saved addresses per customer (refused with address_limit beyond). */
export const MAX_ADDRESSES_PER_USER = 20;

/** Largest request body in bytes, urlencoded or multipart (Fastify's bodyLimit). */
export const BODY_LIMIT_BYTES = 1_048_576;

/**
 * Multipart: bytes per field and number of fields, so that a streamed body
 * without Content-Length stays near the body limit. A longer field is refused
 * (413), never stored cut; every TEXT_MAX at 3 bytes a character fits.
 */
export const MULTIPART_FIELD_BYTES = 16_384;
export const MULTIPART_MAX_FIELDS = 64;

/** Spec §9: every call may take up to 65 s (the SPA's request timeout; the API bench gives up at the same time). */
export const HTTP_TIMEOUT_MS = 65_000;

/** Spec §9: a script chunk not loaded within 120 s shows the chunk error (src/app/chunk-load.ts). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The largest count of one cart line (cart_controller refuses more; the cart page stops its "one more" there). */
export const MAX_LINE_COUNT = 999;

/**
 * A shop's staff uploads (owner pictures, pictures sent to customers) per 10 minutes, all staff of the shop root
 * together: more than a customer's 30, since an owner fills a catalog in one sitting, and apart from the customers'
 * per-address count, which a counter's network would otherwise use up.
 */
export const STAFF_UPLOAD_RATE_LIMIT = { limit: 200, windowSeconds: 600 } as const;
