import { plural } from '@lingui/core/macro';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import SearchIcon from '@mui/icons-material/Search';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { formatNumber, localized } from '@/ui/format';
import { HEADER_HEIGHT } from '@/ui/layout';
import { homeListsProducts } from '@contract/rules/home-layouts';
import { hasNoCart } from '@machines/app-machine';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { useChatStatus } from '@/ui/chat-status';
import { selectCartCount } from './cart-count';
import { LanguageSwitch } from './language-switch';
import { navItems, shownNavItems } from './nav-items';

/** Top bar: shop logo and name, language switch, main links on wide screens, cart and profile. */
export function Header({ wide }: { wide: boolean }) {
  const { i18n, t } = useLingui();
  const language = useLanguage();
  const app = useSystemActor('app');
  const shop = useSelector(app, (snapshot) => snapshot.context.shop);
  const noCart = useSelector(app, hasNoCart);
  const cartCount = useSelector(useSystemActor('cart'), selectCartCount);
  const name = shop ? localized(language, shop.name, shop.name_en) : '';
  const cartCountText = formatNumber(cartCount, language);
  const chat = useChatStatus();
  const unreadText = formatNumber(chat.unread, language);
  const cart = shownNavItems(noCart).find((item) => item.key === 'cart');
  const profile = navItems.find((item) => item.key === 'profile');
  return (
    <AppBar component="header" position="sticky" color="inherit" elevation={1}>
      {/* On a phone six icons share 390 px with a branch's long name: narrower icon buttons (32 px) and gaps leave the name its room. */}
      <Toolbar sx={{ minHeight: { xs: HEADER_HEIGHT }, gap: { xs: 0.5, sm: 1 }, px: { xs: 1.5, sm: 3 }, '& > .MuiIconButton-root': { paddingInline: { xs: '4px', sm: '8px' } } }}>
        <Box
          component={RouterLink}
          to="/"
          aria-label={t`${name} home page`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'inherit', textDecoration: 'none', minWidth: 0, borderRadius: 1 }}
        >
          {shop?.logo ? (
            // On a phone a branch gives its logo's room to its name.
            <Box
              component="img"
              src={shop.logo}
              alt=""
              width={48}
              height={48}
              sx={{ borderRadius: 2, objectFit: 'cover', flexShrink: 0, display: { xs: shop.master_id != null ? 'none' : 'block', sm: 'block' } }}
            />
          ) : null}
          {/* On a phone a long name (a chain's "… - شعبه تهران") wraps to three small lines rather than losing its end: which branch this is. */}
          <Typography
            component="span"
            variant="h6"
            fontWeight={700}
            data-testid="header-shop-name"
            sx={{
              overflow: 'hidden',
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: { xs: 3, sm: 1 },
              fontSize: { xs: '0.8125rem', sm: '1.25rem' },
              lineHeight: { xs: 1.25, sm: 1.6 },
            }}
          >
            {name}
          </Typography>
        </Box>
        {shop?.master_id != null ? (
          wide ? (
            <Button component={RouterLink} to="/branch" size="small" color="inherit" data-testid="change-branch" sx={{ flexShrink: 0 }}>
              {t`Change branch`}
            </Button>
          ) : (
            <IconButton component={RouterLink} to="/branch" aria-label={t`Change branch`} color="inherit" data-testid="change-branch" sx={{ flexShrink: 0 }}>
              <StorefrontOutlinedIcon />
            </IconButton>
          )
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        {wide ? (
          <Box component="nav" aria-label={t`Main navigation`} sx={{ display: 'flex', gap: 0.5 }}>
            {navItems
              .filter((item) => item.key === 'home' || item.key === 'categories')
              .map((item) => (
                <Button key={item.key} component={RouterLink} to={item.to} color="inherit" startIcon={item.icon}>
                  {i18n._(item.label)}
                </Button>
              ))}
          </Box>
        ) : null}
        <LanguageSwitch compact={!wide} />
        {shop && homeListsProducts(shop.interface_id) ? (
          <IconButton component={RouterLink} to="/search" aria-label={t`Search`} color="inherit" data-testid="header-search">
            <SearchIcon />
          </IconButton>
        ) : null}
        {cart ? (
          <IconButton component={RouterLink} to={cart.to} aria-label={t({ message: plural(cartCount, { one: `Cart, ${cartCountText} item`, other: `Cart, ${cartCountText} items` }) })} color="inherit">
            <Badge color="primary" badgeContent={cartCount > 0 ? cartCountText : null}>
              {cart.icon}
            </Badge>
          </IconButton>
        ) : null}
        {chat.connected ? (
          <IconButton component={RouterLink} to={chat.destination} aria-label={t`Messages, ${unreadText} unread`} color="inherit" data-testid="header-messages">
            <Badge color="error" badgeContent={chat.unread > 0 ? unreadText : null} slotProps={{ badge: { 'data-testid': 'header-unread' } as object }}>
              <ChatBubbleOutlineIcon />
            </Badge>
          </IconButton>
        ) : null}
        {profile ? (
          <IconButton component={RouterLink} to={profile.to} aria-label={i18n._(profile.label)} color="inherit">
            {profile.icon}
          </IconButton>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}
