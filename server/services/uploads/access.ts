import type { FastifyRequest } from 'fastify';
import type { UploadRow } from '../../db/schema';
import { sessionUserOf } from '../../http/session';

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
 * STAFF (issue 13, the operator console): staff accounts and their session cookie come in
 * another branch. Replace this with "the request carries a live staff session of this shop's
 * root" — every support picture of the root is theirs to see. Until then no one is staff.
 */
async function staffMaySee(_request: FastifyRequest, _upload: UploadRow): Promise<boolean> {
  return false;
}
