import * as v from 'valibot';
import type { AdObjectSchema } from '@contract/endpoints/ads';
import type { Language } from '@contract/enums';
import { adForRequest, adMissing, type AdDraft } from '@contract/rules/ads';
import type { AdRow, UserRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { adFieldNames } from '../../i18n/ad-messages';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import type { AdContent } from '../../repositories/ad-repository';
import { blurredPoint } from './ad-position';

type AdObject = v.InferOutput<typeof AdObjectSchema>;

/** The publisher as their account says now: a consultant (users.data.ty_user_type) with their code, or a person. */
export function publisherKindOf(user: UserRow): Pick<AdContent, 'publisherKind' | 'consultantCode'> {
  const data = user.data as { ty_user_type?: string | null; consultant_code?: string | null };
  // A consultant without a code (an account from before codes were given) publishes as a person: never "(code )".
  const code = data.consultant_code?.trim() ?? '';
  return data.ty_user_type === 'consultant' && code !== '' ? { publisherKind: 'consultant', consultantCode: code } : { publisherKind: 'person', consultantCode: null };
}

/**
 * An ad_object as the row's content, checked by the one rule the wizard applies (adMissing: the first missing field
 * is refused with the spec's required-box message naming it), with only the fields its request uses, pictures that
 * are the user's own ad_picture uploads (kept in the order sent: the first is the cover), and the point others see
 * drawn once: an edit that keeps the exact point keeps the shown one.
 */
export async function adContentOf(repos: Repositories, user: UserRow, input: AdObject, language: Language, previous?: AdRow): Promise<{ content: AdContent; pictureIds: number[] }> {
  const draft = adForRequest<AdDraft>({ ...input, title: input.title.trim(), province: input.province.trim(), city: input.city.trim(), neighborhood: input.neighborhood.trim() });
  const [missing] = adMissing(draft);
  if (missing) {
    throw new ApiError(400, 'ad_field_required', translate(language, 'ad_field_required', { field: adFieldNames[missing][language] }), undefined, { field: missing });
  }
  const pictureIds = [...new Set(input.picture_ids)];
  const own = await repos.ads.ownAdPictures(user.id, pictureIds);
  if (own.length !== pictureIds.length) throw new ApiError(400, 'ad_picture_not_yours', translate(language, 'ad_picture_not_yours'));
  const location = draft.location!;
  const samePoint = previous && previous.lat === location.lat && previous.lng === location.lng;
  const shown = samePoint ? { lat: previous.shownLat, lng: previous.shownLng } : blurredPoint(location);
  return {
    pictureIds,
    content: {
      userId: user.id,
      request: draft.request,
      type: draft.type,
      businessClass: draft.business_class ?? null,
      title: draft.title,
      province: draft.province,
      city: draft.city,
      neighborhood: draft.neighborhood,
      meterage: draft.meterage!,
      rooms: draft.rooms ?? null,
      buildYear: draft.build_year ?? null,
      totalPrice: draft.total_price ?? null,
      deposit: draft.deposit ?? null,
      monthlyRent: draft.monthly_rent ?? null,
      partnershipFor: draft.partnership_for?.trim() || null,
      comment: draft.comment?.trim() ?? '',
      lat: location.lat,
      lng: location.lng,
      shownLat: shown.lat,
      shownLng: shown.lng,
      ...publisherKindOf(user),
    },
  };
}
