import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';

export interface ConsoleScreen {
  /** the path under /order/console/ (and its sub-paths) */
  path: string;
  label: MessageDescriptor;
  icon: ReactElement;
  /** a lazy chunk: a screen loads when it is first opened */
  component: LazyExoticComponent<ComponentType>;
}

/**
 * The console's screens, in the navigation's order; the first is where the console opens.
 * A new screen is one entry here (and its folder under src/console/).
 */
export const consoleScreens: readonly ConsoleScreen[] = [
  { path: 'orders', label: msg`Orders`, icon: <ReceiptLongOutlinedIcon />, component: lazy(() => import('../orders/board-screen')) },
  { path: 'inbox', label: msg`Support inbox`, icon: <ForumOutlinedIcon />, component: lazy(() => import('../inbox/inbox-screen')) },
];
