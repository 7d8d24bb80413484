/** Why an address form cannot be saved (spec §5), or null. The keys name the server's and the SPA's messages. */
export type AddressProblem = 'address_label_required' | 'address_label_short' | 'address_required' | 'address_short' | 'lat_required' | 'lng_required' | 'coordinates_invalid';

export interface AddressForm {
  label: string;
  address: string;
  lat?: number | null;
  lng?: number | null;
}

/** Spec §5: label, address, latitude and longitude required; label longer than 3 characters, address longer than 5. */
export function addressProblem(form: AddressForm): AddressProblem | null {
  const label = form.label.trim();
  const address = form.address.trim();
  if (label === '') return 'address_label_required';
  if ([...label].length <= 3) return 'address_label_short';
  if (address === '') return 'address_required';
  if ([...address].length <= 5) return 'address_short';
  if (form.lat === undefined || form.lat === null || Number.isNaN(form.lat)) return 'lat_required';
  if (form.lng === undefined || form.lng === null || Number.isNaN(form.lng)) return 'lng_required';
  if (Math.abs(form.lat) > 90 || Math.abs(form.lng) > 180) return 'coordinates_invalid';
  return null;
}

/** Other-city delivery needs a city, an exact address and a postal code. */
export const otherCityReady = (address: { city: string; postal_code: string; address: string }): boolean =>
  address.city.trim() !== '' && address.postal_code.trim() !== '' && [...address.address.trim()].length > 5;
