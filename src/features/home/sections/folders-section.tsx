import { Trans } from '@lingui/react/macro';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import type { Language } from '@contract/enums';
import type { Folder } from '@contract/entities/content';
import { localized } from '@/ui/format';
import { folderPath } from '../folder-link';
import type { HomeSection } from '@contract/rules/home-layouts';
import { thumbnailOf } from '@contract/thumbnails';
import { FolderPicture } from './folder-picture';

type FoldersLayout = Extract<HomeSection, { kind: 'folders' }>;

const gridColumns = (columns: { xs: number; sm?: number; md: number }) => ({
  xs: `repeat(${columns.xs}, minmax(0, 1fr))`,
  sm: `repeat(${columns.sm ?? columns.xs}, minmax(0, 1fr))`,
  md: `repeat(${columns.md}, minmax(0, 1fr))`,
});

/** Top-level folders as a grid of tiles, a row of chips or a list, each linking to its category page. */
export function FoldersSection({ layout, folders, language }: { layout: FoldersLayout; folders: readonly Folder[]; language: Language }) {
  const theme = useTheme();
  if (folders.length === 0) return null;
  const named = folders.map((folder) => ({ folder, name: localized(language, folder.name, folder.name_en) }));
  const Chevron = theme.direction === 'rtl' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <Box component="section" aria-labelledby={layout.title ? 'home-folders-title' : undefined} sx={{ px: { xs: 2, md: 3 }, py: 2, maxWidth: 1200, mx: 'auto' }}>
      {layout.title ? (
        <Typography id="home-folders-title" component="h2" variant="h6" fontWeight={700} sx={{ mb: 1.5 }}>
          <Trans>Categories</Trans>
        </Typography>
      ) : null}
      {layout.variant === 'chips' ? (
        <Box component="ul" sx={{ display: 'flex', gap: 1, overflowX: 'auto', listStyle: 'none', m: 0, p: 0, pb: 1 }}>
          {named.map(({ folder, name }) => (
            <li key={folder.item_id}>
              <Chip
                component={RouterLink}
                to={folderPath(folder, name)}
                clickable
                label={name}
                variant="outlined"
                avatar={folder.picture ? <Avatar alt="" src={thumbnailOf(folder.picture)} imgProps={{ width: 24, height: 24, loading: 'lazy' }} /> : undefined}
                sx={{ bgcolor: 'background.paper' }}
              />
            </li>
          ))}
        </Box>
      ) : null}
      {layout.variant === 'grid' ? (
        <Box component="ul" sx={{ display: 'grid', gridTemplateColumns: gridColumns(layout.columns), gap: 2, listStyle: 'none', m: 0, p: 0 }}>
          {named.map(({ folder, name }) => (
            <li key={folder.item_id}>
              <Box
                component={RouterLink}
                to={folderPath(folder, name)}
                sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, color: 'text.primary', textDecoration: 'none', borderRadius: 2, p: 0.5 }}
              >
                <FolderPicture folder={folder} name={name} size="100%" round={layout.shape === 'circle'} />
                <Typography component="span" variant="body2" fontWeight={600} textAlign="center">
                  {name}
                </Typography>
              </Box>
            </li>
          ))}
        </Box>
      ) : null}
      {layout.variant === 'list' ? (
        <Box component="ul" sx={{ display: 'grid', gridTemplateColumns: gridColumns(layout.columns), gap: 1.5, listStyle: 'none', m: 0, p: 0 }}>
          {named.map(({ folder, name }) => (
            <li key={folder.item_id}>
              <Paper
                component={RouterLink}
                to={folderPath(folder, name)}
                variant="outlined"
                sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1.5, color: 'text.primary', textDecoration: 'none' }}
              >
                <Box sx={{ width: 56, flexShrink: 0 }}>
                  <FolderPicture folder={folder} name={name} size={56} round={false} />
                </Box>
                <Typography component="span" fontWeight={600} sx={{ flexGrow: 1 }}>
                  {name}
                </Typography>
                <Chevron aria-hidden="true" color="action" />
              </Paper>
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
