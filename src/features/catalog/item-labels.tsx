import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Item } from '@contract/entities/catalog';
import { useLanguage } from '@/ui/actor-system';
import { localized } from '@/ui/format';

/** The item's labels the spec names (§3): its code, texture and packaging types, where the shop gives them. */
export function ItemLabels({ data }: { data: Item['data'] }) {
  const language = useLanguage();
  const names = (labels: readonly { name: string; name_en: string }[] | undefined) =>
    labels?.length ? labels.map((label) => localized(language, label.name, label.name_en)).join(language === 'fa' ? '، ' : ', ') : null;
  const rows: { key: string; label: ReactNode; value: ReactNode }[] = [];
  // A code is the shop's identifier, read as written (left to right, its own digits), as on the shop's shelf.
  if (data.code) rows.push({ key: 'code', label: <Trans>Product code</Trans>, value: <bdi dir="ltr">{data.code}</bdi> });
  const textures = names(data.texture_types);
  if (textures) rows.push({ key: 'texture', label: <Trans>Texture</Trans>, value: textures });
  const packaging = names(data.packaging_types);
  if (packaging) rows.push({ key: 'packaging', label: <Trans>Packaging type</Trans>, value: packaging });
  if (rows.length === 0) return null;
  return (
    <Box component="dl" data-testid="item-labels" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {rows.map((row) => (
        <Box key={row.key} data-testid={`item-label-${row.key}`} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {row.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {row.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
