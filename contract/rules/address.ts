/** Why an address form cannot be saved (spec §5), or null. The keys name the server's and the SPA's messages. */
export type AddressProblem = 'address_label_required' | 'address_label_short' | 'address_required' | 'address_short' | 'lat_required' | 'lng_required' | 'coordinates_invalid';

export interface AddressForm {
  label: string;
  address: string;
  lat?: number | null;
  lng?: number | null;
}

const labelProblem = (label: string): AddressProblem | null => (label === '' ? 'address_label_required' : [...label].length <= 3 ? 'address_label_short' : null);
const textProblem = (address: string): AddressProblem | null => (address === '' ? 'address_required' : [...address].length <= 5 ? 'address_short' : null);
function pointProblem({ lat, lng }: AddressForm): AddressProblem | null {
  if (lat === undefined || lat === null || Number.isNaN(lat)) return 'lat_required';
  if (lng === undefined || lng === null || Number.isNaN(lng)) return 'lng_required';
  return Math.abs(lat) > 90 || Math.abs(lng) > 180 ? 'coordinates_invalid' : null;
}

/** Spec §5, one problem per field (label, address, point on the map), so a form shows all of them at once. */
export function addressProblems(form: AddressForm): AddressProblem[] {
  return [labelProblem(form.label.trim()), textProblem(form.address.trim()), pointProblem(form)].filter((problem) => problem !== null);
}

/** Spec §5: label, address, latitude and longitude required; label longer than 3 characters, address longer than 5. The first problem, or null. */
export function addressProblem(form: AddressForm): AddressProblem | null {
  return addressProblems(form)[0] ?? null;
}

/** Other-city delivery needs a city, an exact address and a postal code. */
export const otherCityReady = (address: { city: string; postal_code: string; address: string }): boolean =>
  address.city.trim() !== '' && address.postal_code.trim() !== '' && [...address.address.trim()].length > 5;
