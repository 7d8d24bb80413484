import type { Item, ItemOptions } from '@contract/entities/catalog';

const baseItem: Omit<Item, 'item_id' | 'name' | 'name_en' | 'price' | 'data' | 'has_options'> = {
  folder_id: 8,
  type: 1,
  description: '',
  description_en: '',
  picture: '/media/1',
  picture_id: 1,
  file_type: 'image',
  multipictures: ['/media/1'],
  bg_color: null,
  unit: 'number',
};

/** The kebab shop's special pizza: two sizes, sauces 1..3 in total, ketchup at least 1. */
export const pizza: Item = {
  ...baseItem,
  item_id: 9,
  name: 'پیتزا مخصوص',
  name_en: 'Special pizza',
  price: 3_200_000,
  has_options: true,
  data: {
    features: [],
    colors: [],
    sizes: [
      { name: '۲۴ سانتی‌متر', name_en: '24 cm', price: 3_200_000 },
      { name: '۳۰ سانتی‌متر', name_en: '30 cm', price: 4_400_000 },
    ],
  },
};

export const pizzaOptions: ItemOptions = {
  steps: [{ id: 1, name: 'انتخاب سس', name_en: 'Choose sauces', min_count: 1, max_count: 3 }],
  options: [
    { id: 101, step: 1, name: 'سس کچاپ', name_en: 'Ketchup', price: 0, count: 1, min_count: 1, max_count: 2 },
    { id: 102, step: 1, name: 'سس سیر', name_en: 'Garlic sauce', price: 80_000, count: 0, min_count: 0, max_count: 2 },
    { id: 103, step: 1, name: 'سس قارچ', name_en: 'Mushroom sauce', price: 120_000, count: 0, min_count: 0, max_count: 1 },
  ],
};

/** French fries: the step needs at least 2 sauces, and no option starts chosen. */
export const fries: Item = { ...baseItem, item_id: 20, name: 'سیب‌زمینی سرخ‌کرده', name_en: 'French fries', price: 950_000, has_options: true, data: { features: [], colors: [], sizes: [] } };
export const friesOptions: ItemOptions = {
  steps: [{ id: 1, name: 'انتخاب سس', name_en: 'Choose sauces', min_count: 2, max_count: 3 }],
  options: [
    { id: 201, step: 1, name: 'سس سیر', name_en: 'Garlic sauce', price: 80_000, count: 0, min_count: 0, max_count: 2 },
    { id: 202, step: 1, name: 'سس تند', name_en: 'Hot sauce', price: 80_000, count: 0, min_count: 0, max_count: 2 },
  ],
};

/** A soft drink: a feature and a color to choose, no options. */
export const softDrink: Item = {
  ...baseItem,
  item_id: 30,
  name: 'نوشابه',
  name_en: 'Soft drink',
  price: 300_000,
  has_options: false,
  data: {
    features: [
      { name: 'قوطی', name_en: 'Can' },
      { name: 'شیشه', name_en: 'Bottle' },
    ],
    colors: [
      { name: 'کولا', name_en: 'Cola', hex: '#3b1f14' },
      { name: 'پرتقال', name_en: 'Orange', hex: '#f28c28' },
    ],
    sizes: [],
  },
};
export const noOptions: ItemOptions = { steps: [], options: [] };
