import type { SeedShop } from '../types';
import { chain } from './chain';
import { kebab } from './kebab';
import { cafe, members, menu, realestate, soon, wholesale } from './others';
import { grocery, nuts, skincare } from './retail';

/** Every demo shop, in seeding order (a master's branches are seeded with it). */
export const demoShops: readonly SeedShop[] = [kebab, grocery, skincare, nuts, chain, realestate, members, wholesale, soon, menu, cafe];
