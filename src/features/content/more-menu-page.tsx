import { msg } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router-dom';
import { hasCollaborate } from '@contract/rules/forms';
import { useSystemActor } from '@/ui/actor-system';
import { PageFrame } from '@/ui/page-frame';

const links: { to: string; label: MessageDescriptor; when?: 'digital' | 'collaborate' }[] = [
  { to: '/search', label: msg`Search` },
  { to: '/cat-level1', label: msg`Categories` },
  { to: '/profile/favorite', label: msg`Favorites` },
  { to: '/magazine', label: msg`Magazine` },
  { to: '/gallery', label: msg`Gallery` },
  { to: '/digital', label: msg`Digital menu`, when: 'digital' },
  { to: '/information', label: msg`Shop information` },
  { to: '/about-us', label: msg`About us` },
  { to: '/contact', label: msg`Contact us` },
  { to: '/survey', label: msg`Survey` },
  { to: '/collaborate', label: msg`Work with us`, when: 'collaborate' },
  { to: '/rules', label: msg`Terms and rules` },
  { to: '/privacy', label: msg`Privacy` },
];

/** /moremenu: every secondary page in one list. */
export default function MoreMenuPage() {
  const app = useSystemActor('app');
  const { i18n } = useLingui();
  const digital = useSelector(app, (snapshot) => snapshot.context.shop?.digital_menu_en === 1);
  const collaborate = useSelector(app, (snapshot) => hasCollaborate(snapshot.context.shop?.interface_id ?? 0));
  return (
    <PageFrame title={<Trans>More</Trans>} testId="more-menu-page">
      <List component="nav">
        {links
          .filter((link) => (link.when === 'digital' ? digital : link.when === 'collaborate' ? collaborate : true))
          .map((link) => (
            <ListItemButton key={link.to} component={RouterLink} to={link.to}>
              <ListItemText primary={i18n._(link.label)} />
            </ListItemButton>
          ))}
      </List>
    </PageFrame>
  );
}
