import * as v from 'valibot';
import { CartSchema } from '../entities/cart';
import { ConversationListSchema } from '../entities/chat';
import { BannerSchema, FolderSchema, SlideSchema } from '../entities/content';
import { ShopSchema } from '../entities/shop';
import { UserDetailSchema } from '../entities/user';
import { blankAsAbsent, language, smallint } from '../fields';

/** The codes the startup statechart needs (spec §4). */
export const startupEndpoints = {
  get_shop: {
    summary: 'The shop answering at this host, with its branches and settings.',
    request: v.object({ language: language() }),
    data: ShopSchema,
    login: false,
  },
  get_user_detail: {
    summary: 'The logged-in user, or null for an anonymous visitor.',
    request: v.object({}),
    data: UserDetailSchema,
    login: false,
  },
  get_cart: {
    summary: 'The visitor\'s open cart (an empty one for a new visitor).',
    request: v.object({ type: blankAsAbsent(smallint()), from_menu: blankAsAbsent(smallint()) }),
    data: CartSchema,
    login: false,
  },
  get_slides: {
    summary: 'The home slider.',
    request: v.object({}),
    data: v.array(SlideSchema),
    login: false,
  },
  get_banners: {
    summary: 'The home banners, in position order.',
    request: v.object({}),
    data: v.array(BannerSchema),
    login: false,
  },
  get_all_folders: {
    summary: 'Every folder (item type 2) of the shop, flat; folder_id is the parent.',
    request: v.object({}),
    data: v.array(FolderSchema),
    login: false,
  },
  get_all_conversations: {
    summary: 'The user\'s conversations and total unread count.',
    request: v.object({}),
    data: ConversationListSchema,
    login: true,
  },
} as const;
