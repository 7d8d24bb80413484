import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import ViewCarouselOutlinedIcon from '@mui/icons-material/ViewCarouselOutlined';
import { CLASSIFIEDS_INTERFACE } from '@contract/rules/ads';
import { AccessBadgeIcon } from '../access/access-badge';
import { AdsQueueBadgeIcon } from '../ads/ads-queue-badge';
import { loadConsoleScreenTexts } from '../language';

export interface ConsoleScreen {
  /** the path under /order/console/ (and its sub-paths) */
  path: string;
  label: MessageDescriptor;
  icon: ReactElement;
  /** a lazy chunk: a screen loads when it is first opened */
  component: LazyExoticComponent<ComponentType>;
  /** offered to the owner only (the server refuses the screen's codes to staff: 403 owner_only) */
  owner?: true;
  /** offered at a classifieds shop (interface 4) only (the server answers its codes 404 not_classifieds elsewhere) */
  classifieds?: true;
  /** offered at a shop that sells through a cart, not at a classifieds shop (it has no items and no checkout) */
  sells?: true;
}

/** A screen the first one does not show: its chunk, and the texts of such screens (a catalog of their own). */
const later = <T extends ComponentType>(load: () => Promise<{ default: T }>) => lazy(() => Promise.all([load(), loadConsoleScreenTexts()]).then(([screen]) => screen));

/**
 * The console's screens, in the navigation's order; the first offered is where the console opens (firstScreen).
 * A new screen is one entry here (and its folder under src/console/).
 */
export const consoleScreens: readonly ConsoleScreen[] = [
  { path: 'orders', label: msg`Orders`, icon: <ReceiptLongOutlinedIcon />, component: lazy(() => import('../orders/board-screen')), sells: true },
  { path: 'inbox', label: msg`Support inbox`, icon: <ForumOutlinedIcon />, component: lazy(() => import('../inbox/inbox-screen')) },
  { path: 'messages', label: msg`Customer messages`, icon: <MarkEmailUnreadOutlinedIcon />, component: later(() => import('../customer-messages/customer-messages-screen')) },
  { path: 'access', label: msg`Access requests`, icon: <AccessBadgeIcon />, component: lazy(() => import('../access/access-screen')) },
  { path: 'ads', label: msg`Ads to review`, icon: <AdsQueueBadgeIcon />, component: later(() => import('../ads/moderation-screen')), classifieds: true },
  { path: 'catalog', label: msg`Catalog`, icon: <Inventory2OutlinedIcon />, component: later(() => import('../catalog/catalog-screen')), sells: true },
  { path: 'wallets', label: msg`Customer wallets`, icon: <AccountBalanceWalletOutlinedIcon />, component: later(() => import('../wallets/wallet-screen')) },
  { path: 'team', label: msg`Team`, icon: <GroupOutlinedIcon />, component: later(() => import('../team/team-screen')), owner: true },
  { path: 'audit', label: msg`Audit log`, icon: <HistoryOutlinedIcon />, component: later(() => import('../audit/audit-screen')), owner: true },
  { path: 'discounts', label: msg`Discount codes`, icon: <LocalOfferOutlinedIcon />, component: later(() => import('../discounts/discounts-screen')), owner: true, sells: true },
  { path: 'shop', label: msg`Shop settings`, icon: <StorefrontOutlinedIcon />, component: later(() => import('../shop-settings/shop-settings-screen')), owner: true },
  { path: 'settings', label: msg`Counter settings`, icon: <SettingsOutlinedIcon />, component: later(() => import('../settings/settings-screen')), owner: true },
  { path: 'content', label: msg`Shop content`, icon: <ViewCarouselOutlinedIcon />, component: later(() => import('../content/content-screen')), owner: true },
];

/** The screens offered to the logged-in staff member: the owner's only to an owner (isOwner), the classifieds' only at an interface-4 shop, the selling ones everywhere else. */
export const offeredScreens = (owner: boolean, interfaceId: number | undefined): readonly ConsoleScreen[] =>
  consoleScreens.filter((screen) => {
    const classifieds = interfaceId === CLASSIFIEDS_INTERFACE;
    return (owner || !screen.owner) && (classifieds || !screen.classifieds) && !(classifieds && screen.sells);
  });

/**
 * Where the console opens: the screen the shop lives on. A selling shop's orders board; a classifieds shop's ads to
 * review (it takes no orders).
 */
export const firstScreen = (offered: readonly ConsoleScreen[], interfaceId: number | undefined): string =>
  `/${(interfaceId === CLASSIFIEDS_INTERFACE ? offered.find((screen) => screen.classifieds) : undefined)?.path ?? offered[0]?.path ?? consoleScreens[0].path}`;
