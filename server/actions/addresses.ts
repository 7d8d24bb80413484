import type { Address } from '@contract/entities/address';
import type { Language } from '@contract/enums';
import { MAX_ADDRESSES_PER_USER } from '@contract/rules/limits';
import type { AddressRow } from '../db/schema';
import { ApiError } from '../errors';
import { addressProblem } from '@contract/rules/address';
import { translate } from '../i18n/messages';
import { offlineGeocoder } from '../services/geocoder';
import { serviceAreaOf } from '../services/checkout/service-area';
import type { ActionContext, Handlers } from './context';

interface AddressInput {
  label: string;
  address: string;
  lat?: number;
  lng?: number;
  city: string;
  postal_code: string;
}

/** Spec §5 validation (contract/rules/address.ts), answered with the spec's messages. */
function validAddress(input: AddressInput, language: Language) {
  const problem = addressProblem(input);
  if (problem) throw new ApiError(400, 'invalid_input', translate(language, problem));
  return { label: input.label, address: input.address, lat: input.lat as number, lng: input.lng as number, city: input.city, postalCode: input.postal_code };
}

/** The contract's Address, with whether couriers reach it. */
async function toAddress(context: ActionContext, row: AddressRow): Promise<Address> {
  const area = await serviceAreaOf(context.shop, context.repos, row);
  return { id: row.id, label: row.label, address: row.address, lat: row.lat, lng: row.lng, city: row.city, postal_code: row.postalCode, in_range: area.inRange };
}

const notFound = (language: Language) => new ApiError(404, 'not_found', translate(language, 'address_not_found'));

export const addressActions: Handlers<'get_addresses' | 'new_add_addreses' | 'update_address' | 'delete_address' | 'get_location_data' | 'set_last_location' | 'randomize_geoLocation'> = {
  async get_addresses(context) {
    const rows = await context.repos.checkout.addresses(context.user.id);
    return Promise.all(rows.map((row) => toAddress(context, row)));
  },

  async new_add_addreses(context, input) {
    const values = validAddress(input, context.language);
    // The customer's row lock (held to the end of this transaction) makes count-then-insert atomic: parallel adds queue here.
    await context.repos.accounts.lockUser(context.user.id);
    if ((await context.repos.checkout.addresses(context.user.id)).length >= MAX_ADDRESSES_PER_USER) {
      throw new ApiError(409, 'address_limit', translate(context.language, 'address_limit', { max: MAX_ADDRESSES_PER_USER }));
    }
    return toAddress(context, await context.repos.checkout.insertAddress(context.user.id, values));
  },

  async update_address(context, input) {
    const values = validAddress(input, context.language);
    const row = await context.repos.checkout.updateAddress(context.user.id, input.id, values);
    if (!row) throw notFound(context.language);
    return toAddress(context, row);
  },

  async delete_address(context, input) {
    if (!(await context.repos.checkout.deleteAddress(context.user.id, input.id))) throw notFound(context.language);
    return { id: input.id };
  },

  async get_location_data(context, input) {
    if (Math.abs(input.lat) > 90 || Math.abs(input.lng) > 180) throw new ApiError(400, 'invalid_input', translate(context.language, 'coordinates_invalid'));
    const point = { lat: input.lat, lng: input.lng };
    const [place, area] = await Promise.all([offlineGeocoder.reverse(point, context.language), serviceAreaOf(context.shop, context.repos, point)]);
    return { ...place, in_range: area.inRange, distance: area.distance };
  },

  async set_last_location(context, input) {
    if (Math.abs(input.lat) > 90 || Math.abs(input.lng) > 180) throw new ApiError(400, 'invalid_input', translate(context.language, 'coordinates_invalid'));
    await context.repos.checkout.setLastLocation(context.user.id, input.lat, input.lng);
    return { lat: input.lat, lng: input.lng };
  },

  // A uniform point of the annulus min..max metres around the position (area-uniform radius).
  async randomize_geoLocation(context, input) {
    if (Math.abs(input.lat) > 90 || Math.abs(input.lng) > 180) throw new ApiError(400, 'invalid_input', translate(context.language, 'coordinates_invalid'));
    const min = Math.max(0, Math.min(input.min_radius, 50_000));
    const max = Math.max(min, Math.min(input.max_radius, 50_000));
    const metres = Math.sqrt(min ** 2 + Math.random() * (max ** 2 - min ** 2));
    const bearing = Math.random() * 2 * Math.PI;
    const lat = input.lat + (metres * Math.cos(bearing)) / 111_320;
    const lng = input.lng + (metres * Math.sin(bearing)) / (111_320 * Math.max(0.01, Math.cos((input.lat * Math.PI) / 180)));
    return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
  },
};
