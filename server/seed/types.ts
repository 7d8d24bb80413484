import type { ItemData, Localized, NewShopRow, ShopTexts, StoredDeliveryMethod, StoredShopData } from '../db/schema';

export interface SeedOption {
  step: number;
  name: string;
  nameEn: string;
  price: number;
  count?: number;
  minCount: number;
  maxCount: number;
}

export interface SeedItem {
  name: string;
  nameEn: string;
  description?: string;
  descriptionEn?: string;
  /** rial */
  price: number;
  unit?: 'number' | 'skewer' | 'kg' | 'g' | 'portion';
  data?: Partial<ItemData>;
  options?: SeedOption[];
  /** 12 = never listed */
  type?: 1 | 12;
}

export interface SeedFolder {
  name: string;
  nameEn: string;
  bgColor?: string;
  folders?: SeedFolder[];
  items?: SeedItem[];
}

export interface SeedBanner {
  title: string;
  titleEn: string;
  link?: string;
}

/** Shop columns a demo shop may set beyond the defaults of `defineShop`. */
export type ShopSettings = Partial<
  Pick<
    NewShopRow,
    | 'masterFlag'
    | 'branchListType'
    | 'currency'
    | 'accessRequest'
    | 'forceLogin'
    | 'digitalMenuEn'
    | 'agreementPage'
    | 'stateOfDevelopment'
    | 'addressPageType'
    | 'phone'
    | 'address'
    | 'addressEn'
    | 'lat'
    | 'lng'
    | 'radiusService'
    | 'status'
    | 'shiftOpen'
    | 'opensAt'
    | 'closesAt'
  >
>;

export interface SeedShop {
  slug: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  interfaceId: 2 | 3 | 4 | 5 | 7 | 99 | 100 | 101 | 102;
  settings?: ShopSettings;
  data?: Partial<StoredShopData>;
  texts?: { fa?: Partial<ShopTexts>; en?: Partial<ShopTexts> };
  deliveryMethods?: StoredDeliveryMethod[];
  /** splash pictures are generated for the shop when set */
  splash?: boolean;
  folders: SeedFolder[];
  slides: SeedBanner[];
  banners: SeedBanner[];
  branches?: SeedShop[];
}

export const localized = (fa: string, en: string): Localized => ({ fa, en });
