import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useState } from 'react';
import { thumbnailOf } from '@contract/thumbnails';
import { Picture } from '@/ui/picture';
import { focusRing } from '@/ui/theme';

/** The pictures of an item: the main one large (eager, above the fold), the rest as thumbnails. */
export function ItemGallery({ pictures, name, background }: { pictures: readonly string[]; name: string; background: string | null }) {
  const { t } = useLingui();
  const [shown, setShown] = useState(0);
  if (pictures.length === 0) return <Box sx={{ aspectRatio: '3 / 2', bgcolor: background ?? 'grey.100', borderRadius: 2 }} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Picture
        src={pictures[shown]}
        alt={name}
        width={600}
        height={400}
        fetchPriority="high"
        data-testid="item-picture"
        sx={{ width: '100%', height: 'auto', aspectRatio: '3 / 2', objectFit: 'cover', borderRadius: 2, bgcolor: background ?? 'grey.100' }}
      />
      {pictures.length > 1 ? (
        <Box sx={{ display: 'flex', gap: 1, overflowX: 'auto' }}>
          {pictures.map((picture, index) => (
            <ButtonBase key={picture} onClick={() => setShown(index)} aria-label={t`Picture ${index + 1}`} aria-pressed={index === shown} sx={{ borderRadius: 1, ...(index === shown ? { outline: '2px solid', outlineColor: 'primary.main' } : {}), '&.Mui-focusVisible': focusRing }}>
              <Picture src={thumbnailOf(picture)} alt="" width={96} height={64} loading="lazy" sx={{ display: 'block', borderRadius: 1, objectFit: 'cover' }} />
            </ButtonBase>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
