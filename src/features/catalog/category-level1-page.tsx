import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { localized } from '@/ui/format';
import { categoryPath, urlName } from '@/ui/item-path';
import { EmptyState } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { useRouteParams } from '@/ui/use-route-params';
import { Picture } from '@/ui/picture';
import { thumbnailOf } from '@contract/thumbnails';

/** /cat-level1/:id?/:cat_name?: the folders under a folder (the top when absent) as tiles; a folder with subfolders opens another level. */
export default function CategoryLevel1Page() {
  const params = useRouteParams();
  const language = useLanguage();
  const folders = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.folders);
  const parentId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : 0;
  const parent = folders.find((folder) => folder.item_id === parentId);
  const children = folders.filter((folder) => folder.folder_id === parentId).sort((a, b) => a.sort - b.sort);
  const hasChildren = (id: number) => folders.some((folder) => folder.folder_id === id);
  const title = parent ? localized(language, parent.name, parent.name_en) : <Trans>Categories</Trans>;

  return (
    <PageFrame title={title} testId="category-level1-page">
      {children.length === 0 ? (
        <EmptyState>
          <Trans>No records</Trans>
        </EmptyState>
      ) : (
        <Box component="ul" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 2, listStyle: 'none', m: 0, p: 0 }}>
          {children.map((folder, index) => {
            const name = localized(language, folder.name, folder.name_en);
            const to = hasChildren(folder.item_id) ? `/cat-level1/${folder.item_id}/${urlName(name)}` : categoryPath(folder, language);
            return (
              <li key={folder.item_id}>
                <Paper component={RouterLink} to={to} variant="outlined" data-testid="folder-tile" sx={{ display: 'block', overflow: 'hidden', color: 'text.primary', textDecoration: 'none', bgcolor: folder.bg_color ?? undefined }}>
                  {folder.picture ? (
                    <Picture src={thumbnailOf(folder.picture)} alt="" width={400} height={400} loading={index < 4 ? 'eager' : 'lazy'} sx={{ width: '100%', height: 'auto', aspectRatio: '1', display: 'block', objectFit: 'cover' }} />
                  ) : null}
                  <Typography component="h2" variant="body1" fontWeight={700} sx={{ p: 1.5, textAlign: 'center' }}>
                    {name}
                  </Typography>
                </Paper>
              </li>
            );
          })}
        </Box>
      )}
    </PageFrame>
  );
}
