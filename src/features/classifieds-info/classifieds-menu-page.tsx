import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link as RouterLink } from 'react-router-dom';
import { PageFrame } from '@/ui/page-frame';

/** Every page of the classifieds app, in the order a visitor looks for them (the login ones ask for it when opened). */
const links: { to: string; label: MessageDescriptor }[] = [
  { to: '/home-4', label: msg`All ads` },
  { to: '/home-4/tejari-home', label: msg`Commercial real estate` },
  { to: '/home-4/new', label: msg`Post an ad` },
  { to: '/home-4/tejari/profile/my-ads', label: msg`My ads` },
  { to: '/home-4/tejari/profile/bookmark-ads', label: msg`Bookmarked ads` },
  { to: '/home-4/chat', label: msg`My chats` },
  { to: '/home-4/tejari/profile', label: msg`My classifieds profile` },
  { to: '/home-4/about-us', label: msg`About us` },
  { to: '/home-4/roles', label: msg`Rules of publishing` },
  { to: '/home-4/privacy', label: msg`Privacy` },
  { to: '/home-4/support', label: msg`Support` },
];

/** /home-4/tejari: the classifieds app's menu (the catalog's /moremenu for interface 4). */
export default function ClassifiedsMenuPage() {
  const { i18n } = useLingui();
  return (
    <PageFrame title={<Trans>Classifieds menu</Trans>} testId="classifieds-menu-page">
      <List component="nav">
        {links.map((link) => (
          <ListItemButton key={link.to} component={RouterLink} to={link.to}>
            <ListItemText primary={i18n._(link.label)} />
          </ListItemButton>
        ))}
      </List>
    </PageFrame>
  );
}
