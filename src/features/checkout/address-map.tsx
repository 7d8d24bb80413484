import 'leaflet/dist/leaflet.css';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useEffect } from 'react';
import { useLanguage } from '@/ui/app-actor';
import { formatNumber } from '@/ui/format';

/**
 * Tiles come from VITE_MAP_TILE_URL (e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png); without it the
 * map draws no tiles at all, so nothing is fetched from outside and picking a point still works.
 */
const TILE_URL = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ?? '';

export interface MapPoint {
  lat: number;
  lng: number;
}

function Picker({ onPick }: { onPick: (point: MapPoint) => void }) {
  useMapEvents({ click: (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

function FollowPoint({ point }: { point: MapPoint | null }) {
  const map = useMap();
  useEffect(() => {
    if (point && !map.getBounds().contains([point.lat, point.lng])) map.setView([point.lat, point.lng]);
  }, [map, point]);
  return null;
}

/** The address map (its own lazily loaded chunk): a tap or click picks the point; the marker shows it. */
export default function AddressMap({ center, point, onPick, describedBy }: { center: MapPoint; point: MapPoint | null; onPick: (point: MapPoint) => void; describedBy?: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const coordinate = (value: number) => formatNumber(value, language, { minimumFractionDigits: 5, maximumFractionDigits: 5, useGrouping: false });
  return (
    <Box>
      <Box
        data-testid="address-map"
        role="application"
        aria-label={t`Map: click to choose the delivery point`}
        aria-describedby={describedBy}
        sx={{ height: 320, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider', '& .leaflet-container': { height: '100%', background: 'repeating-linear-gradient(45deg, #eef3ee, #eef3ee 12px, #e4ece4 12px, #e4ece4 24px)' } }}
      >
        <MapContainer center={[center.lat, center.lng]} zoom={13} scrollWheelZoom={false}>
          {TILE_URL ? <TileLayer url={TILE_URL} attribution="&copy; OpenStreetMap contributors" /> : null}
          <Picker onPick={onPick} />
          <FollowPoint point={point} />
          {point ? <CircleMarker center={[point.lat, point.lng]} radius={10} pathOptions={{ color: '#1b5e20', fillOpacity: 0.7 }} /> : null}
        </MapContainer>
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="map-point" dir="ltr">
        {point ? `${coordinate(point.lat)}${language === 'fa' ? '، ' : ', '}${coordinate(point.lng)}` : <Trans>No point chosen yet</Trans>}
      </Typography>
    </Box>
  );
}
