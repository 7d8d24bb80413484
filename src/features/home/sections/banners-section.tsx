import Box from '@mui/material/Box';
import type { Language } from '@contract/enums';
import type { Banner } from '@contract/entities/content';
import { localized } from '@/ui/format';
import type { HomeSection } from '@contract/rules/home-layouts';
import { SmartLink } from './smart-link';

type BannersLayout = Extract<HomeSection, { kind: 'banners' }>;

/** Banners in position order, as a grid or a horizontally scrolling strip. */
export function BannersSection({ layout, banners, language }: { layout: BannersLayout; banners: readonly Banner[]; language: Language }) {
  if (banners.length === 0) return null;
  const sorted = [...banners].sort((a, b) => a.position - b.position);
  const strip = layout.variant === 'strip';
  return (
    <Box component="section" sx={{ px: { xs: 2, md: 3 }, py: 2, maxWidth: 1200, mx: 'auto' }}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          gap: 2,
          ...(strip
            ? { display: 'flex', overflowX: 'auto', scrollSnapType: 'x mandatory', pb: 1 }
            : {
                display: 'grid',
                gridTemplateColumns: {
                  xs: `repeat(${layout.columns.xs}, minmax(0, 1fr))`,
                  md: `repeat(${layout.columns.md}, minmax(0, 1fr))`,
                },
              }),
        }}
      >
        {sorted.map((banner) => {
          const title = localized(language, banner.title, banner.title_en);
          return (
            <Box component="li" key={banner.id} sx={strip ? { flex: { xs: '0 0 80%', md: '0 0 40%' }, scrollSnapAlign: 'start' } : undefined}>
              <SmartLink to={banner.link} label={title}>
                <Box
                  component="img"
                  src={banner.picture}
                  alt={title}
                  width={800}
                  height={320}
                  loading="lazy"
                  decoding="async"
                  sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '5 / 2', objectFit: 'cover', borderRadius: 3, bgcolor: 'grey.200' }}
                />
              </SmartLink>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
