import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Language } from '@contract/enums';
import type { Shop } from '@contract/entities/shop';
import { localized } from '@/ui/format';
import type { HomeSection } from '@contract/rules/home-layouts';

type HeroLayout = Extract<HomeSection, { kind: 'hero' }>;

const tones = {
  primary: { bgcolor: 'primary.main', color: 'primary.contrastText' },
  dark: { bgcolor: 'grey.900', color: 'common.white' },
  light: { bgcolor: 'background.paper', color: 'text.primary' },
} as const;

/** The shop's name and description as the page's heading block. */
export function HeroSection({ layout, shop, language }: { layout: HeroLayout; shop: Shop; language: Language }) {
  const description = localized(language, shop.description, shop.description_en);
  return (
    <Box component="section" sx={{ ...tones[layout.tone], px: { xs: 2, md: 3 }, py: { xs: 4, md: 6 }, textAlign: 'center' }}>
      <Typography component="h1" variant="h4" fontWeight={800} gutterBottom>
        {localized(language, shop.name, shop.name_en)}
      </Typography>
      {description ? (
        <Typography sx={{ maxWidth: 720, mx: 'auto', opacity: 0.9 }}>{description}</Typography>
      ) : null}
    </Box>
  );
}
