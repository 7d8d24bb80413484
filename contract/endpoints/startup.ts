import * as v from 'valibot';
import { CartSchema } from '../entities/cart';
import { BannerSchema, FolderSchema, SlideSchema } from '../entities/content';
import { ShopSchema } from '../entities/shop';
import { UserDetailSchema } from '../entities/user';
import { blankAsAbsent, blankOr, coordinate, id, language, smallint } from '../fields';

/** The codes the startup statechart needs (spec §4). */
export const startupEndpoints = {
  get_shop: {
    summary: 'The shop answering at this host, with its branches and settings.',
    request: v.object({ language: language() }),
    data: ShopSchema,
    login: false,
  },
  select_branch: {
    summary:
      "At a master shop (spec §2's branch change; not in spec §7): the shop this visitor orders from is now its open branch branch_id, remembered in the `branch` cookie, so every later code (cart, checkout, get_shop) is that branch's while the login, wallet and addresses stay the brand's; branch_id 0 returns to the master (its branch list). Refused, changing nothing: a branch not of this master (404 branch_not_found), a closed branch (status 2; 409 branch_closed), one whose radius does not reach lat/lng, or the signed-in user's last position when none is given (409 branch_out_of_range). clear_cart 1 empties the cart at the branch being left (one waiting for an online payment is kept); otherwise it stays there for a return. The reply is the shop now answering, as get_shop.",
    request: v.object({
      branch_id: blankOr(id(), 0),
      clear_cart: blankAsAbsent(v.pipe(smallint(), v.picklist([0, 1]))),
      lat: blankAsAbsent(coordinate()),
      lng: blankAsAbsent(coordinate()),
      language: language(),
    }),
    data: ShopSchema,
    login: false,
    writes: true,
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
} as const;
