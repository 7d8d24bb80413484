import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import * as M from '@mui/material';
import { ThemeProvider, type SxProps, type Theme } from '@mui/material/styles';
import { createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createAppTheme } from '../../src/ui/theme';

// The storefront's MUI components (every one src/ imports) and sx with each kind of declaration
// cssjanus mirrors, rendered on the server: emotion then keeps each class's CSS text in
// cache.inserted (compat mode), which is compared between the old and the new RTL plugin.
export const sx: SxProps<Theme>[] = [
  { marginLeft: 1, paddingRight: 2, left: 0, borderLeft: '1px solid red', textAlign: 'left', float: 'right' },
  { margin: '1px 2px 3px 4px', padding: '1px 2px 3px 4px', borderWidth: '1px 2px 3px 4px', borderColor: 'red green blue black' },
  { borderRadius: '1px 2px 3px 4px', boxShadow: '2px 3px 4px red', textShadow: '1px 1px red', transform: 'translateX(10px)' },
  { transform: 'translate(4px, 5px) rotate(10deg)', cursor: 'e-resize', backgroundPosition: '10% 20%', direction: 'ltr' },
  { insetInlineStart: 3, margin: 1, padding: '0 8px', borderStyle: 'solid dotted dashed double', '@media (min-width:600px)': { right: 2 } },
  { transition: 'left 200ms, margin-right 1s', transformOrigin: 'left top', clear: 'left', backgroundImage: 'url(left.png)' },
];

export function page(): ReactNode {
  const field = (props: object) => h(M.TextField, { label: 'L', helperText: 'H', ...props });
  return h('div', null, [
    ...sx.map((style, index) => h(M.Box, { key: `sx${index}`, sx: style })),
    h(M.AppBar, { key: 'a', position: 'sticky' }, h(M.Toolbar, null, h(M.IconButton, { edge: 'start' }, 'x'), h(M.Badge, { badgeContent: 3, color: 'primary' }, 'b'))),
    h(M.Alert, { key: 'al', severity: 'error', action: h(M.Button, null, 'a') }, 'alert'),
    h(M.Avatar, { key: 'av' }, 'A'),
    h(M.BottomNavigation, { key: 'bn', value: 0, showLabels: true }, h(M.BottomNavigationAction, { label: 'x' })),
    h(M.Breadcrumbs, { key: 'bc' }, h(M.Link, null, 'a'), h(M.Typography, null, 'b')),
    ...(['text', 'outlined', 'contained'] as const).map((variant) => h(M.Button, { key: variant, variant, startIcon: h('span'), endIcon: h('span') }, 'b')),
    h(M.Card, { key: 'c' }, h(M.CardActionArea, null, h(M.CardContent, null, 'c'))),
    h(M.Chip, { key: 'ch', label: 'c', onDelete: () => {}, avatar: h(M.Avatar) }),
    h(M.CircularProgress, { key: 'cp' }),
    h(M.LinearProgress, { key: 'lp' }),
    h(M.LinearProgress, { key: 'lpb', variant: 'buffer', value: 10, valueBuffer: 20 }),
    h(M.Container, { key: 'co' }, h(M.Divider, null, 'd')),
    h(M.Fab, { key: 'fab', variant: 'extended' }, 'f'),
    h(M.FormControl, { key: 'fc' }, h(M.FormLabel, null, 'l'), h(M.RadioGroup, null, h(M.FormControlLabel, { control: h(M.Radio), label: 'r', value: 'r' })), h(M.FormHelperText, null, 'h')),
    field({ key: 'tf1' }),
    field({ key: 'tf2', variant: 'filled' }),
    field({ key: 'tf3', variant: 'standard', error: true }),
    h(M.TextField, { key: 'tf4', select: true, value: 1, label: 'S' }, h(M.MenuItem, { value: 1 }, 'one')),
    field({ key: 'tf5', multiline: true, slotProps: { input: { startAdornment: h(M.InputAdornment, { position: 'start' }, '$'), endAdornment: h(M.InputAdornment, { position: 'end' }, '%') } } }),
    h(M.List, { key: 'l' }, h(M.ListItem, { secondaryAction: h(M.IconButton, null, 'x') }, h(M.ListItemButton, null, h(M.ListItemIcon, null, 'i'), h(M.ListItemText, { primary: 'p', secondary: 's', inset: true })))),
    h(M.MenuItem, { key: 'mi', divider: true }, 'm'),
    h(M.Pagination, { key: 'pg', count: 10, page: 5 }),
    h(M.Paper, { key: 'pa', elevation: 3 }, 'p'),
    h(M.Skeleton, { key: 'sk', variant: 'rounded' }),
    h(M.Stack, { key: 'st', direction: 'row', spacing: 2 }, h('span'), h('span')),
    h(M.Stepper, { key: 'sp', activeStep: 1, alternativeLabel: true }, h(M.Step, null, h(M.StepLabel, null, 'a')), h(M.Step, null, h(M.StepLabel, null, 'b'))),
    h(M.Stepper, { key: 'sv', activeStep: 1, orientation: 'vertical' }, h(M.Step, null, h(M.StepLabel, null, 'a')), h(M.Step, null, h(M.StepLabel, null, 'b'))),
    h(M.Tabs, { key: 'tb', value: 0, variant: 'scrollable', scrollButtons: true }, h(M.Tab, { label: 'a' }), h(M.Tab, { label: 'b' })),
    h(M.Table, { key: 'tt' }, h(M.TableHead, null, h(M.TableRow, null, h(M.TableCell, { align: 'right' }, 'a'))), h(M.TableBody, null, h(M.TableRow, null, h(M.TableCell, { padding: 'checkbox' }, 'b')))),
    h(M.ToggleButtonGroup, { key: 'tg', value: 'a', exclusive: true }, h(M.ToggleButton, { value: 'a' }, 'a'), h(M.ToggleButton, { value: 'b' }, 'b')),
    h(M.Typography, { key: 'ty', variant: 'h6', align: 'left', gutterBottom: true }, 't'),
    h(M.Switch, { key: 'sw' }),
    h(M.Checkbox, { key: 'cb' }),
    h(M.Slider, { key: 'sl', value: [10, 30] }),
  ]);
}

let renders = 0;
/** Each class's CSS text as emotion inserts it with these stylis plugins (class names made alike). */
export function renderedStyles(plugins: Parameters<typeof createCache>[0]['stylisPlugins']) {
  renders += 1;
  // emotion's keys are letters only
  const key = `render${'abcdefghijklmnopqrstuvwxyz'[renders % 26]}`;
  const cache: EmotionCache = createCache({ key, stylisPlugins: plugins });
  cache.compat = true;
  renderToString(h(CacheProvider, { value: cache }, h(ThemeProvider, { theme: createAppTheme('rtl') }, h(M.CssBaseline), page())));
  // class names carry the cache's key; the rest must be the same text
  return new Map(Object.entries(cache.inserted).map(([name, css]) => [name, String(css).replaceAll(`${key}-`, 'x-')]));
}

