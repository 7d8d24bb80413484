import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import fastifyMultipart from '@fastify/multipart';
import type { Language } from '@contract/enums';
import { UPLOAD_PATH, UploadReplySchema, uploadEndpoint, type UploadReply } from '@contract/endpoints/upload';
import { UPLOAD_AREA, UPLOAD_BODY_LIMIT_BYTES, UPLOAD_LIMITS, UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadType } from '@contract/rules/chat';
import { CLASSIFIEDS_INTERFACE } from '@contract/rules/ads';
import type { UploadRow } from '../db/schema';
import { ApiError, ok } from '../errors';
import { readUploadBody } from '../http/upload-body';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { createRepositories } from '../repositories';
import { waitSeconds } from '../services/rate-window';
import { extensionOf, reencodePicture } from '../services/uploads/images';
import { takeStaffUploadSlot, takeUploadSlots } from '../services/uploads/limits';
import { toMedia } from '../services/uploads/media';
import type { MediaMessageHook } from '../services/uploads/media-message';
import { requireShopOwner, toShopMedia } from '../services/uploads/shop-picture';
import { filePixelsRefusal, fileRequiredRefusal, fileSizeRefusal, fileTypeRefusal, storageFullRefusal } from '../services/uploads/refusals';
import { StorageFullError } from '../services/uploads/storage-full';
import { inboxCustomer, replySender } from '../actions/console/inbox';
import { requireStaff, staffOf } from '../http/staff-session';
import { describeIssues, httpContext, sessionUser } from './order';
import { enforceShopRules } from './shop-gate';

export interface UploadRouteOptions {
  /** stores the support message of a media_message (the chat's appendSupportMessage); none: the reply's message is null */
  onMediaMessage?: MediaMessageHook | null;
}

const isUploadType = (value: string | undefined): value is UploadType => (UPLOAD_TYPES as readonly (string | undefined)[]).includes(value);

/** The picture's limit in bytes once its kind is known; the largest of them before. */
const maxBytesFor = (type: string | undefined): number => (isUploadType(type) ? UPLOAD_LIMITS[type].maxBytes : UPLOAD_MAX_BYTES);

/** Stores the picture and its thumbnail; on any failure neither is left behind, and a full folder is the 507 upload_storage_full. */
async function storePair(app: FastifyInstance, picture: Uint8Array, thumbnail: Uint8Array, extension: ReturnType<typeof extensionOf>, language: Language) {
  const { uploads: storage, uploadsFull } = app;
  try {
    const pictureKey = await storage.put(picture, extension);
    try {
      const keys = { pictureKey, thumbnailKey: await storage.put(thumbnail, extension) };
      uploadsFull.stored();
      return keys;
    } catch (error) {
      await storage.remove(pictureKey);
      throw error;
    }
  } catch (error) {
    if (!(error instanceof StorageFullError)) throw error;
    uploadsFull.refused(error);
    throw storageFullRefusal(language);
  }
}

/**
 * POST /Lemon/Uploader/index.php?action=upload (spec §7; contract/endpoints/upload.ts): a
 * signed-in customer's picture for a support message or an ad. In order: the query, spec §2's
 * shop rules and the login (before a byte of the body is read), the declared length, the rate
 * limits, then the body streamed with the file sniffed and counted as it arrives, the fields, the
 * picture re-encoded, both files stored, and the row (with the chat's message for a media_message)
 * in one transaction. A refusal at any step leaves no file and no row.
 */
export async function uploadRoutes(app: FastifyInstance, options: UploadRouteOptions) {
  const { db, clock, jobs, payments, live, events, uploads: storage } = app;
  const { validateReplies } = app.settings;
  const { onMediaMessage = null } = options;
  // This context streams its multipart body (request.parts, under the upload's own limits) instead of the
  // API's parser, which reads the whole body into memory under the 1 MiB limit.
  app.removeContentTypeParser('multipart/form-data');
  await app.register(fastifyMultipart);

  async function upload(request: FastifyRequest, reply: FastifyReply, language: Language, markBodyRead: () => void): Promise<UploadReply> {
    const query = v.safeParse(uploadEndpoint.query, request.query ?? {});
    if (!query.success) throw new ApiError(400, 'invalid_input', describeIssues(query.issues, language));

    const { user, stale } = await sessionUser(request, reply);
    // A staff session may upload too (to a customer's chat, extra.user_id; checked once the fields are read); the
    // customers' shop rules are not the console's, so for a staff request they wait until the upload turns out a customer's.
    const staff = await staffOf(request);
    const customerGate = () => {
      enforceShopRules(UPLOAD_AREA, request.shop, user, stale, language);
      if (!user) {
        throw stale
          ? new ApiError(401, 'session_invalid', translate(language, 'session_invalid'), -1)
          : new ApiError(401, 'login_required', translate(language, 'login_required'));
      }
      return user;
    };
    if (!staff) customerGate();

    // Without a multipart body there is no file to read.
    if (!request.isMultipart()) throw fileRequiredRefusal(language);
    const declared = request.headers['content-length'];
    if (declared === undefined) throw new ApiError(411, 'invalid_input', translate(language, 'upload_length_required'));
    if (Number(declared) > UPLOAD_BODY_LIMIT_BYTES) throw fileSizeRefusal(language, UPLOAD_MAX_BYTES);

    const rootId = request.shop.rootId ?? request.shop.id;
    // A staff session's upload counts against the shop's staff limit, whatever kind it turns out to be (the body is not read yet).
    const full = staff
      ? await takeStaffUploadSlot(db, { rootId, now: clock() })
      : await takeUploadSlots(db, { rootId, uploader: `user:${user?.id ?? 0}`, ip: request.ip, now: clock() });
    if (full) {
      const seconds = waitSeconds(full.waitSeconds);
      throw new ApiError(429, 'rate_limited', translate(language, full.message, { wait: seconds }), undefined, { wait_seconds: seconds });
    }

    const body = await readUploadBody(request, language, maxBytesFor);
    markBodyRead();
    if (!body.file) throw fileRequiredRefusal(language);
    const fields = v.safeParse(uploadEndpoint.request, body.fields);
    if (!fields.success) throw new ApiError(400, 'invalid_input', describeIssues(fields.issues, language));
    const { type, extra } = fields.output;
    // An ad's picture belongs to a classifieds shop's ad: elsewhere it would be a file nobody can ever show.
    if (type === 'ad_picture' && request.shop.interfaceId !== CLASSIFIEDS_INTERFACE) throw new ApiError(404, 'not_classifieds', translate(language, 'upload_ads_only'));
    // Whose chat and upload it is: the customer's own, or (a staff member's reply) the customer extra.user_id names.
    let owner = user;
    let shop = request.shop;
    let shopSender: { name: string } | null = null;
    // The owner's catalog or content picture: the staff member's, of the Host's shop (the console's shop).
    let staffUploader: { id: number } | null = null;
    if (type === 'shop_picture') {
      staffUploader = await requireShopOwner(request, language);
      shop = request.hostShop;
      owner = null;
    } else if (extra.user_id !== undefined && type === 'media_message') {
      const member = await requireStaff(request, language);
      shop = request.hostShop;
      owner = await inboxCustomer(request.hostShop === request.shop ? request.repos : createRepositories(db, shop), extra.user_id, language);
      shopSender = { name: replySender(member, shop) };
    } else {
      owner = customerGate();
    }
    const limits = UPLOAD_LIMITS[type];
    if (body.file.bytes.length > limits.maxBytes) throw fileSizeRefusal(language, limits.maxBytes);

    const encoded = await reencodePicture(body.file.bytes, body.file.mime, limits.maxPixels);
    if (!encoded.ok) throw encoded.problem === 'pixels' ? filePixelsRefusal(language, limits.maxPixels) : fileTypeRefusal(language);

    const mime = body.file.mime;
    const keys = await storePair(app, encoded.picture.data, encoded.thumbnail.data, extensionOf(mime), language);
    const afterCommit: (() => Promise<void> | void)[] = [];
    let stored: { row: UploadRow; message: UploadReply['message']; mediaId?: number };
    try {
      stored = await db.transaction(async (tx) => {
        const repos = createRepositories(tx, shop);
        const row = await repos.uploads.add({
          userId: owner?.id ?? null,
          staffId: staffUploader?.id ?? null,
          kind: type,
          mime,
          width: encoded.picture.width,
          height: encoded.picture.height,
          bytes: encoded.picture.data.length,
          ...keys,
        });
        if (type === 'shop_picture') return { row, message: null, mediaId: await repos.contentEditor.addUploadedPicture(row) };
        if (type !== 'media_message' || !onMediaMessage || !owner) return { row, message: null };
        const after = (task: () => Promise<void> | void) => void afterCommit.push(task);
        const http = httpContext(request, reply);
        const context = { shop, hostShop: request.hostShop, repos, user: owner, language, http, clock, jobs, payments, live, events, afterCommit: after };
        const message = await onMediaMessage({ context, upload: row, media: toMedia(row), extra, shopSender, events: app.events, afterCommit: after });
        return { row, message };
      });
    } catch (error) {
      await Promise.all([storage.remove(keys.pictureKey), storage.remove(keys.thumbnailKey)]);
      throw error;
    }
    for (const task of afterCommit) {
      // The upload and its message are stored; a live notice that fails is logged, not the customer's error.
      await Promise.resolve()
        .then(task)
        .catch((error: unknown) => request.log.warn({ err: error }, 'upload: a task after commit failed'));
    }
    const data: UploadReply = { media: stored.mediaId === undefined ? toMedia(stored.row) : toShopMedia(stored.mediaId, stored.row), message: stored.message };
    if (validateReplies) v.parse(UploadReplySchema, data);
    return data;
  }

  app.post(UPLOAD_PATH, { config: { jsonApi: true } }, async (request, reply) => {
    const language = requestLanguage(request.query, request.headers['accept-language']);
    let bodyRead = false;
    try {
      return ok(await upload(request, reply, language, () => (bodyRead = true)));
    } catch (error) {
      // Refused before the body was read to its end: close the connection instead of reading the rest.
      if (!bodyRead && request.headers['content-length'] !== '0') reply.header('connection', 'close');
      throw error;
    }
  });
}
