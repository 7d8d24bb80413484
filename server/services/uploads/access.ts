import type { FastifyRequest } from 'fastify';
import type { UploadRow } from '../../db/schema';
import { sessionUserOf } from '../../http/session';
import { staffOf } from '../../http/staff-session';

/**
 * Whether the request may see this upload: never another root's (a foreign host is a 404 like
 * an unknown id); an ad picture to anyone at the shop; a support media message to the customer
 * who sent it and to the shop's staff.
 */
export async function canSeeUpload(request: FastifyRequest, upload: UploadRow): Promise<boolean> {
  if (upload.shopId !== (request.shop.rootId ?? request.shop.id)) return false;
  if (upload.kind === 'ad_picture') return true;
  const customer = await sessionUserOf(request);
  if (customer !== null && customer.id === upload.userId) return true;
  return staffMaySee(request, upload);
}

/**
 * The shop's staff see every support picture of their root's customers (staff belong to the root,
 * as customers do); staffOf checks the session against the Host's root, which the caller has
 * already matched to the upload's.
 */
async function staffMaySee(request: FastifyRequest, upload: UploadRow): Promise<boolean> {
  return upload.kind === 'media_message' && (await staffOf(request)) !== null;
}
