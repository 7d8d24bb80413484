import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import HomeWorkOutlinedIcon from '@mui/icons-material/HomeWorkOutlined';
import { useState } from 'react';
import type { AdPicture } from '@contract/entities/ad';
import { Picture } from '@/ui/picture';
import { useLanguage } from '@/ui/actor-system';
import { formatNumber } from '@/ui/format';

/** An ad's pictures: the cover (the first) large, the others as thumbnails that show it; a placeholder without any. */
export function AdGallery({ pictures, title }: { pictures: readonly AdPicture[]; title: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [shown, setShown] = useState(0);
  if (pictures.length === 0) {
    return (
      <Box data-testid="ad-no-picture" sx={{ aspectRatio: '3 / 2', bgcolor: 'grey.100', borderRadius: 2, display: 'grid', placeItems: 'center' }}>
        <HomeWorkOutlinedIcon aria-hidden color="disabled" sx={{ fontSize: 64 }} />
      </Box>
    );
  }
  const current = pictures[Math.min(shown, pictures.length - 1)];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="ad-gallery">
      <Picture src={current.url} alt={title} width={600} height={400} fetchPriority="high" data-testid="ad-picture" sx={{ width: '100%', height: 'auto', aspectRatio: '3 / 2', objectFit: 'cover', borderRadius: 2, bgcolor: 'grey.100' }} />
      {pictures.length > 1 ? (
        <Box sx={{ display: 'flex', gap: 1, overflowX: 'auto' }}>
          {pictures.map((picture, index) => (
            <ButtonBase key={picture.id} onClick={() => setShown(index)} aria-label={t`Picture ${formatNumber(index + 1, language)}`} aria-pressed={index === shown} sx={{ borderRadius: 1, outline: index === shown ? '2px solid' : 'none', outlineColor: 'primary.main' }}>
              <Picture src={picture.thumbnail_url} alt="" width={96} height={64} loading="lazy" sx={{ display: 'block', borderRadius: 1, objectFit: 'cover' }} />
            </ButtonBase>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
