import type { Language } from '@contract/enums';
import { isOnEarth, type Point } from '@contract/rules/distance';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import type { ActionContext } from './context';

/**
 * The visitor's position: the one sent (both lat and lng; off the globe is a 400), else a signed-in
 * customer's last (set_last_location), else unknown.
 */
export async function visitorPosition(
  context: Pick<ActionContext, 'repos' | 'user'> & { language: Language },
  sent: { lat?: number; lng?: number },
): Promise<Point | null> {
  if (sent.lat !== undefined && sent.lng !== undefined) {
    const point = { lat: sent.lat, lng: sent.lng };
    if (!isOnEarth(point)) throw new ApiError(400, 'invalid_input', translate(context.language, 'coordinates_invalid'));
    return point;
  }
  if (!context.user) return null;
  return context.repos.checkout.lastLocation(context.user.id);
}
