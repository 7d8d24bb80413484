import Box from '@mui/material/Box';
import { useSelector } from '@xstate/react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Item } from '@contract/entities/catalog';
import { FIRST_CARDS, ITEM_PICTURE } from '@contract/rules/category-list';
import { thumbnailOf } from '@contract/thumbnails';
import { measureOf } from '@contract/units';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { localized } from './format';
import { itemPath } from './item-path';
import { FinishedBadge } from './finished-badge';
import { Price } from './price';
import { Picture } from './picture';
import { useRevealedCount } from './use-revealed-count';


/**
 * A product in a list: picture, name and price with its unit, linking to its page. `heading`
 * keeps the outline in order: h3 inside a titled section (the home's rows), h2 in a grid right
 * under the page's h1 (ItemGrid).
 */
export function ItemCard({ item, eager = false, heading = 'h3' }: { item: Item; eager?: boolean; heading?: 'h2' | 'h3' }) {
  const language = useLanguage();
  const interfaceId = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.interface_id ?? 2);
  const name = localized(language, item.name, item.name_en);
  return (
    <Card variant="outlined" data-testid="item-card" data-item-id={item.item_id} data-price={item.price} data-finished={item.finished ? 'true' : undefined} sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={itemPath(item, language, interfaceId)} sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        {/* A finished item's picture is dimmed, never its words: a dimmed price fell under 4.5:1 (3.38:1). */}
        <Box sx={{ aspectRatio: `${ITEM_PICTURE.width} / ${ITEM_PICTURE.height}`, bgcolor: item.bg_color ?? 'grey.100', opacity: item.finished ? 0.6 : 1 }}>
          {item.picture ? (
            <Picture
              src={thumbnailOf(item.picture)}
              alt=""
              width={ITEM_PICTURE.width}
              height={ITEM_PICTURE.height}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : null}
        </Box>
        <Box sx={{ p: 1.5, flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography component={heading} variant="body2" fontWeight={700} data-testid="item-name">
            {name}
          </Typography>
          <Price rial={item.price} unit={item.unit} step={measureOf(item).step} variant="body2" color="primary.main" fontWeight={600} />
          {item.finished ? <FinishedBadge /> : null}
        </Box>
      </CardActionArea>
    </Card>
  );
}


/**
 * A page of products. The first screenful paints first and the rest follows a few cards per frame
 * (use-revealed-count.ts); `footer` (the pagination) comes when all are there, so it never jumps.
 */
export function ItemGrid({ items, footer = null }: { items: readonly Item[]; footer?: ReactNode }) {
  const batches = Math.ceil(Math.max(items.length - FIRST_CARDS, 0) / FIRST_CARDS) + 1;
  const shownBatches = useRevealedCount(batches);
  const shown = items.slice(0, shownBatches * FIRST_CARDS);
  return (
    <>
      {/* aria-busy while later cards are still being added: assistive tech (and tests) wait for the whole page */}
      <Box component="ul" data-testid="item-grid" aria-busy={shownBatches < batches ? true : undefined} sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 2, listStyle: 'none', m: 0, p: 0 }}>
        {shown.map((item, index) => (
          <li key={item.item_id}>
            <ItemCard item={item} eager={index < 2} heading="h2" />
          </li>
        ))}
      </Box>
      {shownBatches === batches ? footer : null}
    </>
  );
}

/** Placeholder cards while a list loads. */
export function ItemGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <Box component="ul" aria-hidden="true" data-testid="item-skeleton" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 2, listStyle: 'none', m: 0, p: 0 }}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <Box sx={{ aspectRatio: '600 / 520', borderRadius: 2, bgcolor: 'action.hover' }} />
        </li>
      ))}
    </Box>
  );
}
