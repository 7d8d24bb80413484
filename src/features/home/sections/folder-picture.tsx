import Box from '@mui/material/Box';
import type { Folder } from '@contract/entities/content';
import { thumbnailOf } from '@contract/thumbnails';

/** A folder's picture, or its initial on its background colour when it has none. */
export function FolderPicture({ folder, name, size, round }: { folder: Folder; name: string; size: number | string; round: boolean }) {
  const radius = round ? '50%' : 2;
  if (folder.picture) {
    return (
      <Box
        component="img"
        src={thumbnailOf(folder.picture)}
        alt=""
        width={240}
        height={240}
        loading="lazy"
        decoding="async"
        sx={{ width: size, height: size, aspectRatio: '1', objectFit: 'cover', borderRadius: radius, display: 'block', bgcolor: folder.bg_color ?? 'grey.100' }}
      />
    );
  }
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: size,
        aspectRatio: '1',
        borderRadius: radius,
        display: 'grid',
        placeItems: 'center',
        bgcolor: folder.bg_color ?? 'primary.light',
        color: 'common.white',
        fontSize: 28,
        fontWeight: 700,
      }}
    >
      {name.slice(0, 1)}
    </Box>
  );
}
