import type { Language } from '@contract/enums';
import { EARTH_RADIUS_KM, type Point } from '@contract/rules/distance';
import { places } from './places';

export interface GeocodedPlace {
  city: string;
  district: string;
  /** a suggested address line */
  address: string;
}

/** Reverse geocoding: a point to a city, district and suggested address. */
export interface Geocoder {
  reverse(point: Point, language: Language): Promise<GeocodedPlace>;
}

/** Points farther than this from every known district get no suggestion. */
const MAX_KM = 40;

const haversine = (a: Point, b: Point) => {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h = Math.sin(radians(b.lat - a.lat) / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** The embedded geocoder: nearest bundled district; works offline. */
export const offlineGeocoder: Geocoder = {
  async reverse(point, language) {
    let best: { place: (typeof places)[number]; km: number } | null = null;
    for (const place of places) {
      const km = haversine(point, place);
      if (!best || km < best.km) best = { place, km };
    }
    if (!best || best.km > MAX_KM) return { city: '', district: '', address: '' };
    const { city, district } = best.place;
    const address = language === 'fa' ? `${city.fa}، ${district.fa}` : `${district.en}, ${city.en}`;
    return { city: city[language], district: district[language], address };
  },
};
