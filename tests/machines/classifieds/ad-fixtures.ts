import * as v from 'valibot';
import { AdCardSchema, AdDetailSchema, type AdCard, type AdDetail, type AdList } from '@contract/entities/ad';

// Ads through the contract's schemas, so a changed schema breaks the fixtures loudly.

export const adCard = (id: number, extra: Partial<AdCard> = {}): AdCard =>
  v.parse(AdCardSchema, {
    id,
    code: `A-${id}`,
    title: `آپارتمان ${id} متری`,
    request: 'rent',
    type: 'apartment',
    city: 'تهران',
    neighborhood: 'ونک',
    meterage: 80,
    rooms: 2,
    total_price: null,
    deposit: 500_000_000,
    monthly_rent: 20_000_000,
    cover: null,
    picture_ids: [],
    status: 'approved',
    bookmarked: false,
    published_at: '2026-11-20T10:00:00Z',
    location: { lat: 35.75, lng: 51.41 },
    publisher: { name: 'مریم', kind: 'person', consultant_code: null, deleted: false },
    ...extra,
  });

export const adDetail = (id: number, extra: Partial<AdDetail> = {}): AdDetail =>
  v.parse(AdDetailSchema, {
    ...adCard(id),
    province: 'تهران',
    business_class: null,
    build_year: 1398,
    partnership_for: null,
    comment: 'نورگیر و دنج',
    pictures: [],
    mine: false,
    reason: null,
    expires_at: null,
    actions: [],
    ...extra,
  });

/** A page of `count` ads from `first` down. */
export const adPage = (first: number, count: number, total = 25): AdList => ({
  ads: Array.from({ length: count }, (_, index) => adCard(first - index)),
  total,
  next_offset: count === 0 ? null : first,
});
