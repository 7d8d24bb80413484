import type { ReactElement } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';

export interface NavItem {
  key: 'home' | 'categories' | 'cart' | 'profile';
  to: string;
  label: MessageDescriptor;
  icon: ReactElement;
}

/** The main destinations, shared by the bottom navigation and the header. */
export const navItems: readonly NavItem[] = [
  { key: 'home', to: '/', label: msg`Home`, icon: <HomeOutlinedIcon /> },
  { key: 'categories', to: '/cat', label: msg`Categories`, icon: <CategoryOutlinedIcon /> },
  // /basket is open to guests (spec §2: /cart needs a login); login is asked at checkout.
  { key: 'cart', to: '/basket', label: msg`Cart`, icon: <ShoppingCartOutlinedIcon /> },
  { key: 'profile', to: '/profile', label: msg`Profile`, icon: <PersonOutlineIcon /> },
];

/** The destinations of a shop: a menu-only shop (data.use_as_menu) or a classifieds shop has no cart to go to. */
export const shownNavItems = (noCart: boolean): readonly NavItem[] => (noCart ? navItems.filter((item) => item.key !== 'cart') : navItems);

/** Which destination a path belongs to, for highlighting. */
export function activeNavKey(pathname: string): NavItem['key'] | false {
  if (pathname === '/' || pathname.startsWith('/home')) return 'home';
  if (pathname.startsWith('/cat')) return 'categories';
  if (pathname.startsWith('/cart') || pathname.startsWith('/basket')) return 'cart';
  if (pathname.startsWith('/profile')) return 'profile';
  return false;
}
