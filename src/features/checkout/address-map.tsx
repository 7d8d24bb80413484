import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PointMap, { type MapPoint } from '@/ui/point-map';
import { useLanguage } from '@/ui/actor-system';
import { formatCoordinates } from '@/ui/format';

export type { MapPoint };

/** The address map (its own lazily loaded chunk): a tap, a click or the arrow keys pick the point; the marker shows it and the line below says it (announced as it changes). */
export default function AddressMap({ center, point, onPick, describedBy }: { center: MapPoint; point: MapPoint | null; onPick: (point: MapPoint) => void; describedBy?: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <Box>
      <PointMap center={center} point={point} onPick={onPick} label={t`Map: click it, or focus it and move the point with the arrow keys, to choose the delivery point`} describedBy={describedBy} testId="address-map" />
      <Typography variant="caption" color="text.secondary" data-testid="map-point" dir="ltr" aria-live="polite">
        {point ? formatCoordinates(point.lat, point.lng, language) : <Trans>No point chosen yet</Trans>}
      </Typography>
    </Box>
  );
}
