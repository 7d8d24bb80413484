import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/ui/visually-hidden';
import { localized } from '@/ui/format';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { useRevealedCount } from '@/ui/use-revealed-count';
import { AccessInvite } from './access-invite';
import { topLevelFolders } from './folder-link';
import { homeLayouts, type HomeSection } from '@contract/rules/home-layouts';
import { BannersSection } from './sections/banners-section';
import { FoldersSection } from './sections/folders-section';
import { HeroSection } from './sections/hero-section';
import { ItemsSection } from './sections/items-section';
import { SlidesSection } from './sections/slides-section';

/** The home of every interface id: the sections listed for it in layouts.ts, in order. */
export default function HomePage() {
  const app = useSystemActor('app');
  const language = useLanguage();
  const shop = useSelector(app, (snapshot) => snapshot.context.shop);
  const slides = useSelector(app, (snapshot) => snapshot.context.slides);
  const allFolders = useSelector(app, (snapshot) => snapshot.context.folders);
  const banners = useSelector(app, (snapshot) => snapshot.context.banners);
  const sections = shop ? homeLayouts[shop.interface_id] : [];
  // The first section (what fills the screen) paints first; the others follow, one per frame.
  const shown = useRevealedCount(sections.length);
  if (!shop) return null;
  const folders = topLevelFolders(allFolders);
  const hasHero = sections.some((section) => section.kind === 'hero');
  const hasFixedSlider = sections.some((section) => section.kind === 'slides' && section.fixed === true);

  const renderSection = (section: HomeSection, index: number) => {
    switch (section.kind) {
      case 'hero':
        return <HeroSection key={index} layout={section} shop={shop} language={language} />;
      case 'slides':
        return <SlidesSection key={index} layout={section} slides={slides} language={language} />;
      case 'folders':
        return <FoldersSection key={index} layout={section} folders={folders} language={language} />;
      case 'banners':
        return <BannersSection key={index} layout={section} banners={banners} language={language} />;
      case 'items':
        return <ItemsSection key={index} layout={section} />;
    }
  };

  // Content scrolls over a fixed slider, so then every other section paints a background above it.
  const render = (section: HomeSection, index: number) =>
    hasFixedSlider && section.kind !== 'slides' ? (
      <Box key={index} sx={{ position: 'relative', zIndex: 1, bgcolor: 'background.default' }}>
        {renderSection(section, index)}
      </Box>
    ) : (
      renderSection(section, index)
    );

  return (
    <Box data-testid="home" data-interface={shop.interface_id}>
      {hasHero ? null : (
        <Typography component="h1" sx={visuallyHidden}>
          {localized(language, shop.name, shop.name_en)}
        </Typography>
      )}
      <AccessInvite />
      {sections.slice(0, shown).map(render)}
      {folders.length === 0 && shown === sections.length ? (
        <Typography color="text.secondary" textAlign="center" sx={{ py: 6 }}>
          <Trans>No products available</Trans>
        </Typography>
      ) : null}
    </Box>
  );
}
