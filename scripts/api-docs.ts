/**
 * Writes docs/api.md from the contract: each code's request fields and reply
 * data are read off the valibot schema objects, so the reference cannot drift.
 * Run with `npm run docs:api`; tests/server/api-docs.test.ts checks the file is current.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpoints, type Code } from '../contract/api';
import { consoleEndpoints, type ConsoleCode } from '../contract/console/api';
import { CONSOLE_API } from '../contract/console/rules';
import { UPLOAD_FILE_FIELD, UPLOAD_URL, uploadEndpoint } from '../contract/endpoints/upload';
import { CODE_AREAS } from '../contract/rules/code-areas';
import type { CodeArea } from '../contract/rules/shop-access';

interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  item?: SchemaNode;
  options?: unknown[];
  literal?: unknown;
  key?: SchemaNode;
  value?: SchemaNode;
  default?: unknown;
  pipe?: (SchemaNode & { kind: string; requirement?: unknown })[];
}

/** A short type name for a schema: `integer 0..2147483647`, `text ≤ 200`, `"fa" | "en"`, `string | null`, `Branch[]`… */
export function typeName(schema: SchemaNode): string {
  const pipe = schema.pipe ?? [];
  const steps = pipe.map((step) => step.type);
  const requirement = (type: string) => pipe.find((step) => step.type === type)?.requirement;
  // A number read from a form and then one of a few values (v.pipe(smallint(), v.picklist(…))): the values.
  const chosen = pipe.slice(1).find((step) => step.type === 'picklist');
  if (chosen) return typeName(chosen);
  if (steps.includes('regex') && steps.includes('safe_integer')) {
    const [min, max] = [requirement('min_value'), requirement('max_value')];
    const ranged = min !== undefined && max !== undefined && Number.isSafeInteger(max) && max !== Number.MAX_SAFE_INTEGER ? `integer ${min}..${max}` : 'integer';
    return steps.includes('picklist') ? typeName(pipe.find((step) => step.type === 'picklist')!) : ranged;
  }
  // blankAsAbsent: a blank value is read as absent before the field's own schema.
  const inner = schema.type === 'unknown' ? pipe.filter((step) => step.kind === 'schema' && step.type !== 'unknown').at(-1) : undefined;
  if (inner) return `${typeName(inner)} (blank = absent)`;
  const max = requirement('max_length');
  if (schema.type === 'string' && steps.includes('parse_json')) return max === undefined ? 'JSON' : `JSON ≤ ${max} chars`;
  if (schema.type === 'string' && (steps.includes('transform') || steps.includes('check'))) return max === undefined ? 'text' : `text ≤ ${max}`;
  switch (schema.type) {
    case 'optional':
      return typeName(schema.wrapped!);
    case 'nullable':
      return `${typeName(schema.wrapped!)} | null`;
    case 'array':
      return `${typeName(schema.item!)}[]`;
    case 'picklist':
      return schema.options!.map((option) => JSON.stringify(option)).join(' | ');
    case 'literal':
      return JSON.stringify(schema.literal);
    case 'union':
      return (schema.options as SchemaNode[]).map(typeName).join(' | ');
    case 'record':
      return `Record<${typeName(schema.key!)}, ${typeName(schema.value!)}>`;
    case 'object':
      return 'object';
    default:
      return schema.type;
  }
}

const unwrap = (schema: SchemaNode): SchemaNode =>
  schema.type === 'optional' || schema.type === 'nullable' ? unwrap(schema.wrapped!) : schema.type === 'array' ? unwrap(schema.item!) : schema;

function requestTable(schema: SchemaNode): string {
  const entries = Object.entries(schema.entries ?? {});
  if (entries.length === 0) return 'No fields besides `code`.\n';
  const rows = entries.map(([name, field]) => {
    const required = field.type === 'optional' ? (field.default !== undefined ? `no (default ${JSON.stringify(field.default)})` : 'no') : 'yes';
    return `| \`${name}\` | ${typeName(field).replace(/\|/g, '\\|')} | ${required} |`;
  });
  return ['| field | type | required |', '|---|---|---|', ...rows, ''].join('\n');
}

/** The reply data as an indented outline of fields and types. */
function dataOutline(schema: SchemaNode, depth = 0): string[] {
  const object = unwrap(schema);
  if (object.type !== 'object') return depth === 0 ? [`- ${typeName(schema)}`] : [];
  const lines: string[] = [];
  for (const [name, field] of Object.entries(object.entries ?? {})) {
    lines.push(`${'  '.repeat(depth)}- \`${name}\`: ${typeName(field)}`);
    lines.push(...dataOutline(field, depth + 1));
  }
  return lines;
}

function codeSection(code: Code): string {
  const endpoint = endpoints[code];
  const data = endpoint.data as unknown as SchemaNode;
  return [
    `### \`${code}\``,
    '',
    endpoint.summary,
    '',
    `Login required: ${endpoint.login ? '**yes** (anonymous: HTTP 401, result `login_required`)' : 'no'}.`,
    '',
    '**Request fields**',
    '',
    requestTable(endpoint.request as unknown as SchemaNode),
    `**Reply \`data\`**: ${typeName(data)}`,
    '',
    ...dataOutline(data),
    '',
  ].join('\n');
}

const AREA_RULES_TEXT: Record<CodeArea, string> = {
  startup: 'open to everyone',
  'startup-cart': 'open to everyone; `maintenance` in development',
  account: 'open to everyone',
  catalog: 'anonymous at force_login / access_request: `login_required`; access_flag -1 at access_request: `access_denied`',
  cart: 'as catalog, and `maintenance` in development',
  checkout: 'as catalog, and `maintenance` in development',
  forms: 'open to everyone, also in development',
};

/** One row per area: the rule and its codes. */
function shopRulesTable(): string {
  const areas = Object.keys(AREA_RULES_TEXT) as CodeArea[];
  const rows = areas.map((area) => {
    const codes = (Object.keys(CODE_AREAS) as Code[]).filter((code) => CODE_AREAS[code] === area).map((code) => `\`${code}\``);
    return `| ${area} | ${AREA_RULES_TEXT[area]} | ${codes.join(', ')} |`;
  });
  return ['| area | rule | codes |', '|---|---|---|', ...rows].join('\n');
}

const preamble = () => `# API reference

Generated from \`contract/api.ts\` by \`npm run docs:api\` (scripts/api-docs.ts); do not edit by hand.

## Calls

\`POST /order/order.php\` with a \`multipart/form-data\` or \`application/x-www-form-urlencoded\`
body. The form field \`code\` names the action; the other fields are its payload. Fields are
strings: integers are parsed from digits, and Persian (۰-۹) and Arabic (٠-٩) digits are
normalised first (\`type=۳\` is \`3\`). Fields a code does not define are ignored. Cookies carry the
session (\`sid\`).

Integers carry their database column's range (\`integer 0..2147483647\`); a blank optional number
reads as absent. Text is trimmed, at most the length shown (\`text ≤ 200\`), and refuses control
characters (multi-line fields keep tab and line breaks). A body is at most 1 MiB. Out-of-range,
too long or malformed input is a 4xx \`invalid_input\` (413 \`body_too_large\`) in the request's
language, and writes nothing; see docs/server.md, "Limits".

## Envelope

Every reply, success or failure, is JSON:

| field | type | meaning |
|---|---|---|
| \`status\` | boolean | \`true\` on success |
| \`result\` | string | \`ok\`, or a machine word for the failure (below) |
| \`data\` | per code | the payload; \`null\` on failure |
| \`message\` | string \\| null | human text in the request's language; \`null\` on success |
| \`error_code\` | number, optional | \`-1\`: the session is invalid, send the user to \`/\` |

## Errors

| HTTP | result | when |
|---|---|---|
| 400 | \`invalid_input\` | no \`code\`, a missing field, a field of the wrong type (the message names the field and what it expected) |
| 400 | \`unknown_code\` | \`code\` is not one of the codes below |
| 401 | \`login_required\` | a login-gated code from an anonymous visitor ("لطفا ابتدا وارد شوید" / "Please log in first") |
| 401 | \`session_invalid\` + \`error_code: -1\` | a login-gated code with a \`sid\` cookie that names no live session (the cookie is cleared) |
| 403 | \`wrong_pass\` | \`/order/branch_list.php\` with a \`pass\` that is not the shop's |
| 401 | \`login_required\` | also: a catalog, cart or checkout code from an anonymous visitor at a \`force_login\` or \`access_request\` shop (see Shop rules) |
| 403 | \`access_denied\` | a catalog, cart or checkout code from an account with \`access_flag\` -1 at an \`access_request\` shop ("درخواست دسترسی شما به این فروشگاه تأیید نشده است." / "Your request to access this store has not been approved.") |
| 403 | \`maintenance\` | a cart or checkout code (and \`get_cart\`) at a shop with \`state_of_development\` 1 ("فروشگاه آنلاین موقتاً تعطیل است." / "The online store is temporarily closed.") |
| 404 | \`shop_not_found\` | the host names a shop that does not exist |
| 404 | \`branch_not_found\` | \`select_branch\` with an id that is not a branch of this master |
| 409 | \`branch_closed\`, \`branch_out_of_range\`, \`no_branches\` | \`select_branch\`: a closed branch (status 2), one whose area does not reach the visitor, a host that is not a master |
| 404 | \`not_found\` | no such route; also \`get_form\` / \`submit_form\` naming no form of this shop, \`submit_survey\` at a shop without a survey |
| 429 | \`rate_limited\` | too many anonymous writes from one address (\`contact_us\`, new guest carts, \`add_visit_item\`) or form and survey submissions (per address, or per account when signed in); the wait is in the message, \`data.wait_seconds\` and \`Retry-After\` |
| 415 | \`unsupported_media_type\` | a body that is not form data (JSON, text, XML …): the API reads \`application/x-www-form-urlencoded\` and \`multipart/form-data\` only ("درخواست باید به صورت فرم (form-data) ارسال شود." / "Send the request as form data (form-data or urlencoded).") |
| 413, 400 | \`invalid_input\` | a body the server cannot read (too large, malformed multipart) |
| 400 | \`chat_file_required\` | the upload without a file ("لطفا فایل خود را انتخاب کنید" / "Please choose your file") |
| 415 | \`unauthorized_file_type\` | the upload's file is not a JPEG, PNG or WebP by its bytes, or does not decode |
| 413 | \`unauthorized_file_size\` | the upload's file has more bytes than its kind allows, or declares more pixels than allowed |
| 429 | \`rate_limited\` | also: too many uploads from one account or one address |
| 500 | \`server_error\` | anything unexpected; the message is generic and never shows internals |

Bad input never writes anything and never produces a 500.

## Languages

The request's language is the form field \`language\` when it is \`fa\` or \`en\`; otherwise the first
tag of the \`Accept-Language\` header when it is \`fa\` or \`en\`; otherwise \`fa\`. Error messages use
it, and \`get_shop\` returns its translatable texts (delivery method text and description, meta,
agreement_text, message_before_address_selection, other_city_detail, address) in it.
Names always come in both languages (\`name\`, \`name_en\`).

## Tenancy

The shop is chosen by the \`Host\` header: \`<slug>.localhost[:port]\` is the shop with that slug
(an unknown slug is a 404 \`shop_not_found\`); any other host (\`localhost\`, \`127.0.0.1\`, an IP)
is \`DEFAULT_SHOP\`. Every reply holds only that shop's rows. Users and sessions belong to the
shop's root (a master shop and its branches share them).

## Shop rules

Spec §2's rules hold on the server for every code (contract/rules/shop-access.ts), before the
code's own login check and payload validation:

${shopRulesTable()}

Startup, account and forms codes answer whatever the flags say (login and the SPA's startup need them;
anyone may answer a form or survey, also while the store is closed);
\`/modules/item_options/item_options.php\` is catalog; \`/order/branch_list.php\` and \`/media/:id\` are open.

## Other routes

- \`POST /order/branch_list.php\` (field \`pass\`, optional; when given it must equal the shop's
  \`pass\`; \`lat\` and \`lng\`, optional: the visitor's position): \`data\` is the host's \`branches\` (same
  shape as in \`get_shop\`), measured from \`lat\`/\`lng\` or else a signed-in customer's last position
  (\`set_last_location\`): \`distance\` in km (haversine, radius 6371, rounded to 0.1; null outside lat
  30–40 / lng 40–60 or without a position), \`out_of_range\` (farther than \`radius_service\`, or no
  distance for a known position), ordered open before closed, in range before out, then nearest
  (\`contract/rules/branch-order.ts\`). At a master host this is the master's list even after the
  visitor chose a branch. A position off the globe is a 400 \`invalid_input\`.
- \`GET /media/:id\`: a stored picture of the host's shop (\`image/svg+xml\` for the demo shops),
  \`Cache-Control: public, max-age=31536000, immutable\`; another shop's id is a 404.
- \`GET /media/upload/:id\` and \`GET /media/upload/:id/thumb\`: an uploaded picture (see Upload) and its
  thumbnail, with its own content type, \`nosniff\`, \`Content-Disposition: inline\` with a generated name,
  \`Content-Security-Policy: default-src 'none'; sandbox\`, \`Cache-Control: private\`. A support picture only to the
  customer who sent it (and the shop's staff), an ad picture to anyone at its shop; anyone else, another shop's
  host and an unknown id get the same 404.
- \`GET /order/v2/assets/*\`: the SPA's hashed assets, cached immutably.
- \`GET /order/v2/*\`: the SPA's \`index.html\` (\`Cache-Control: no-cache\`) for every other path,
  so deep links work; 503 "run npm run build" when the SPA is not built.
- \`GET /\`: redirects to \`/order/v2/\`.

## Codes
`;

/** The upload endpoint (contract/endpoints/upload.ts): its query, fields, file part and reply. */
function uploadSection(): string {
  const data = uploadEndpoint.data as unknown as SchemaNode;
  const fields = requestTable(uploadEndpoint.request as unknown as SchemaNode).trimEnd();
  return [
    '## Upload',
    '',
    `### \`POST ${UPLOAD_URL}\``,
    '',
    uploadEndpoint.summary,
    '',
    'Login required: **yes** (anonymous: HTTP 401, result `login_required`). A `multipart/form-data` body with a `Content-Length` (411 without one).',
    '',
    '**Query**',
    '',
    requestTable(uploadEndpoint.query as unknown as SchemaNode),
    '**Request fields**',
    '',
    fields,
    `| \`${UPLOAD_FILE_FIELD}\` | file part (JPEG, PNG or WebP by its bytes) | yes |`,
    '',
    `**Reply \`data\`**: ${typeName(data)}`,
    '',
    ...dataOutline(data),
    '',
  ].join('\n');
}

/** One console code: as a storefront code's, with who may call it. */
function consoleCodeSection(code: ConsoleCode): string {
  const endpoint = consoleEndpoints[code];
  const data = endpoint.data as unknown as SchemaNode;
  const owner = 'owner' in endpoint && endpoint.owner;
  const who = !endpoint.staff
    ? 'no staff session needed'
    : owner
      ? 'a staff session of an **owner** (none: 401 `staff_login_required`; a staff member who is not an owner: 403 `owner_only`)'
      : 'a staff session (none: 401 `staff_login_required`)';
  return [
    `### \`${code}\``,
    '',
    endpoint.summary,
    '',
    `Needs: ${who}.`,
    '',
    '**Request fields**',
    '',
    requestTable(endpoint.request as unknown as SchemaNode),
    `**Reply \`data\`**: ${typeName(data)}`,
    '',
    ...dataOutline(data),
    '',
  ].join('\n');
}

/** The operator console's endpoint (contract/console/api.ts) and its codes. */
function consoleSection(): string {
  return [
    '## Console codes',
    '',
    `\`POST ${CONSOLE_API}\`, as order.php (form data, the envelope, the Host's shop, the request's language), with the staff`,
    "cookie `staff_sid` (docs/server.md, \"Operator console\"). Refusals besides the ones above: 401 `staff_login_required`, 403",
    '`owner_only`, 404 `not_found` (another brand\'s customer, request or staff member), 409 `access_answered`, `wallet_insufficient`',
    '(no balance goes below zero), `username_taken`, `last_owner`, 403 `staff_wallet_limit` and `staff_wallet_day_limit`; each in the request\'s',
    'language, writing nothing.',
    '',
    ...(Object.keys(consoleEndpoints) as ConsoleCode[]).map(consoleCodeSection),
  ].join('\n');
}

/** The whole of docs/api.md. */
export function renderApiDocs(): string {
  return `${preamble()}\n${(Object.keys(endpoints) as Code[]).map(codeSection).join('\n')}\n${uploadSection()}\n${consoleSection()}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const target = fileURLToPath(new URL('../docs/api.md', import.meta.url));
  writeFileSync(target, renderApiDocs());
  console.log(`wrote ${target}`);
}
