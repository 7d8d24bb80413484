import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import type { Language } from '@contract/enums';
import type { Slide } from '@contract/entities/content';
import { formatNumber, localized } from '@/ui/format';
import { HEADER_HEIGHT } from '@/ui/layout';
import { SLIDE_IMAGE_WIDTH, type HomeSection } from '@contract/rules/home-layouts';
import { SmartLink } from './smart-link';

const AUTOPLAY_MS = 6000;

type SlidesLayout = Extract<HomeSection, { kind: 'slides' }>;

/** The home slider: one slide at a time, previous/next, a numbered indicator, gentle autoplay. */
export function SlidesSection({ layout, slides, language }: { layout: SlidesLayout; slides: readonly Slide[]; language: Language }) {
  const { t } = useLingui();
  const theme = useTheme();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (count < 2 || paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return null;
  const rtl = theme.direction === 'rtl';
  const go = (step: number) => setIndex((current) => (current + step + count) % count);
  const card = layout.variant === 'card';
  const position = formatNumber(index + 1, language);
  const total = formatNumber(count, language);

  const slider = (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={t`Featured`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        borderRadius: card ? 3 : 0,
        boxShadow: card ? 2 : 0,
        bgcolor: 'grey.200',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          transform: `translateX(${(rtl ? 1 : -1) * index * 100}%)`,
          transition: 'transform 400ms ease',
          '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
        }}
      >
        {slides.map((slide, position) => {
          const title = localized(language, slide.title, slide.title_en);
          const slideNumber = formatNumber(position + 1, language);
          return (
            <Box
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t`${slideNumber} of ${total}`}
              aria-hidden={position !== index}
              sx={{ flex: '0 0 100%', position: 'relative', aspectRatio: { xs: layout.aspect.xs, md: layout.aspect.md } }}
            >
              <SmartLink to={slide.link} tabIndex={position === index ? 0 : -1} label={title}>
                <Box
                  component="img"
                  src={slide.picture}
                  alt={title}
                  width={SLIDE_IMAGE_WIDTH}
                  height={Math.round(SLIDE_IMAGE_WIDTH / layout.aspect.md)}
                  loading={position === 0 ? 'eager' : 'lazy'}
                  // The first slide is the home's largest paint (the server preloads it too).
                  fetchPriority={position === 0 ? 'high' : 'auto'}
                  sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
                />
              </SmartLink>
            </Box>
          );
        })}
      </Box>
      {count > 1 ? (
        <>
          <IconButton
            onClick={() => go(-1)}
            aria-label={t`Previous slide`}
            sx={{ position: 'absolute', top: '50%', insetInlineStart: 8, transform: 'translateY(-50%)', bgcolor: 'rgba(255,255,255,0.8)', '&:hover': { bgcolor: 'common.white' } }}
          >
            {rtl ? <ChevronRightIcon /> : <ChevronLeftIcon />}
          </IconButton>
          <IconButton
            onClick={() => go(1)}
            aria-label={t`Next slide`}
            sx={{ position: 'absolute', top: '50%', insetInlineEnd: 8, transform: 'translateY(-50%)', bgcolor: 'rgba(255,255,255,0.8)', '&:hover': { bgcolor: 'common.white' } }}
          >
            {rtl ? <ChevronLeftIcon /> : <ChevronRightIcon />}
          </IconButton>
          <Typography
            data-testid="slide-indicator"
            aria-live="polite"
            sx={{ position: 'absolute', insetInlineEnd: 16, bottom: 16, px: 1.25, borderRadius: 5, bgcolor: 'rgba(0,0,0,0.55)', color: 'common.white', fontSize: 14 }}
          >
            {position} / {total}
          </Typography>
        </>
      ) : null}
    </Box>
  );

  const framed = card ? <Box sx={{ px: { xs: 2, md: 3 }, pt: 2, maxWidth: 1200, mx: 'auto' }}>{slider}</Box> : slider;
  if (!layout.fixed) return framed;
  // A spacer keeps the slider's place in the flow; the slider itself stays fixed under the header.
  return (
    <Box sx={{ position: 'relative', aspectRatio: { xs: layout.aspect.xs, md: layout.aspect.md } }}>
      <Box sx={{ position: 'fixed', top: HEADER_HEIGHT, insetInline: 0, zIndex: 0 }}>{framed}</Box>
    </Box>
  );
}
