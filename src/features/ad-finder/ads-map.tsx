import 'leaflet/dist/leaflet.css';
import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { useEffect } from 'react';
import type { AdMap } from '@contract/entities/ad';
import type { MapBounds } from '@machines/classifieds/ad-finder-machine';
import { formatNumber } from '@/ui/format';
import { useLanguage } from '@/ui/actor-system';

/** Tiles as the address map draws them (src/ui/point-map.tsx): none without VITE_MAP_TILE_URL. */
const TILE_URL = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ?? '';
/** Tehran, where the demo's ads are, until the map is moved. */
const START = { lat: 35.74, lng: 51.4, zoom: 12 };

function BoundsReporter({ onBounds }: { onBounds: (bounds: MapBounds) => void }) {
  const map = useMap();
  const report = () => {
    const bounds = map.getBounds();
    onBounds({ north: bounds.getNorth(), south: bounds.getSouth(), east: bounds.getEast(), west: bounds.getWest() });
  };
  useMapEvents({ moveend: report });
  // The first bounds, once the map has its size.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(report, [map]);
  return null;
}

function ClusterZoom({ lat, lng, count }: { lat: number; lng: number; count: number }) {
  const map = useMap();
  const language = useLanguage();
  const { t } = useLingui();
  const shown = formatNumber(count, language);
  return (
    <CircleMarker
      center={[lat, lng]}
      radius={14 + Math.min(12, Math.log2(count) * 2)}
      pathOptions={{ color: '#0d47a1', fillColor: '#1976d2', fillOpacity: 0.75 }}
      eventHandlers={{ click: () => map.setView([lat, lng], map.getZoom() + 2) }}
    >
      <Tooltip permanent direction="center" className="ad-cluster-count">
        <span aria-label={t`${shown} ads`} data-testid="map-cluster">
          {shown}
        </span>
      </Tooltip>
    </CircleMarker>
  );
}

/** The ads of the list's filters on a map (its own lazy chunk): points, or count bubbles for the server's clusters. */
export default function AdsMap({ map, selected, onBounds, onSelect, label }: { map: AdMap | null; selected: number | null; onBounds: (bounds: MapBounds) => void; onSelect: (id: number) => void; label: string }) {
  return (
    <Box
      data-testid="ads-map"
      role="application"
      aria-label={label}
      sx={{
        height: { xs: 360, md: 480 },
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        '& .leaflet-container': { height: '100%', background: 'repeating-linear-gradient(45deg, #eef3ee, #eef3ee 12px, #e4ece4 12px, #e4ece4 24px)' },
        '& .ad-cluster-count': { background: 'transparent', border: 0, boxShadow: 'none', color: '#fff', fontWeight: 700 },
      }}
    >
      <MapContainer center={[START.lat, START.lng]} zoom={START.zoom} scrollWheelZoom={false}>
        {TILE_URL ? <TileLayer url={TILE_URL} attribution="&copy; OpenStreetMap contributors" /> : null}
        <BoundsReporter onBounds={onBounds} />
        {map?.points.map((point) => (
          <CircleMarker
            key={point.id}
            center={[point.lat, point.lng]}
            radius={selected === point.id ? 12 : 9}
            pathOptions={{ color: selected === point.id ? '#1b5e20' : '#b71c1c', fillOpacity: 0.7, className: `ad-point ad-point-${point.id}` }}
            eventHandlers={{ click: () => onSelect(point.id) }}
          >
            <Tooltip>{point.title}</Tooltip>
          </CircleMarker>
        ))}
        {map?.clusters.map((cluster) => (
          <ClusterZoom key={`${cluster.lat}:${cluster.lng}`} {...cluster} />
        ))}
      </MapContainer>
    </Box>
  );
}
