import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import { visuallyHidden } from './visually-hidden';
import type { Map as LeafletMap } from 'leaflet';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { pointAfterKey, type MapPoint } from './map-keys';

/**
 * Tiles come from VITE_MAP_TILE_URL (e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png); without it the
 * map draws no tiles at all, so nothing is fetched from outside and picking a point still works.
 */
const TILE_URL = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) ?? '';

export type { MapPoint };

/** A place drawn on the map besides the chosen point (a branch). */
export interface MapMarker extends MapPoint {
  id: number;
  title: string;
  /** drawn grey: closed, or out of range */
  muted: boolean;
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

/**
 * A Leaflet map (load it lazily: Leaflet is its own chunk). A tap or click picks the point when
 * `onPick` is given, and so does the keyboard: the map is one tab stop with a visible focus ring, the arrow keys
 * move the point (Shift: farther; map-keys.ts), Enter or Space put it at the map's centre; `pointText` (the point
 * in words) is announced as it changes. `markers` are drawn with their titles as tooltips.
 */
export default function PointMap({
  center,
  zoom = 13,
  point,
  onPick,
  markers = [],
  label,
  describedBy,
  pointText,
  testId,
}: {
  center: MapPoint;
  zoom?: number;
  point: MapPoint | null;
  onPick?: (point: MapPoint) => void;
  markers?: readonly MapMarker[];
  label: string;
  describedBy?: string;
  /** the chosen point in words, announced politely as the keyboard or a tap moves it */
  pointText?: string;
  testId: string;
}) {
  const map = useRef<LeafletMap>(null);
  // Keys move the point, not the view: Leaflet's own arrow panning is off where a point is picked.
  const onKeyDown = onPick
    ? (event: KeyboardEvent) => {
        if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
        const centre = map.current?.getCenter();
        const from = point ?? (centre ? { lat: centre.lat, lng: centre.lng } : center);
        const next = pointAfterKey(event.key, event.shiftKey, from, map.current?.getZoom() ?? zoom);
        if (!next) return;
        event.preventDefault();
        onPick(next);
      }
    : undefined;
  return (
    <Box
      data-testid={testId}
      role="application"
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={onPick ? 0 : undefined}
      onKeyDown={onKeyDown}
      sx={{
        height: 320,
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        '&:focus-visible': { outline: 3, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: 2 },
        '& .leaflet-container': { height: '100%', background: 'repeating-linear-gradient(45deg, #eef3ee, #eef3ee 12px, #e4ece4 12px, #e4ece4 24px)' },
      }}
    >
      {pointText === undefined ? null : (
        <Box component="span" aria-live="polite" sx={visuallyHidden}>
          {pointText}
        </Box>
      )}
      <MapContainer ref={map} center={[center.lat, center.lng]} zoom={zoom} scrollWheelZoom={false} keyboard={!onPick}>
        {TILE_URL ? <TileLayer url={TILE_URL} attribution="&copy; OpenStreetMap contributors" /> : null}
        {onPick ? <Picker onPick={onPick} /> : null}
        <FollowPoint point={point} />
        {markers.map((marker) => (
          <CircleMarker key={marker.id} center={[marker.lat, marker.lng]} radius={9} pathOptions={{ color: marker.muted ? '#757575' : '#b71c1c', fillOpacity: 0.6 }}>
            <Tooltip>{marker.title}</Tooltip>
          </CircleMarker>
        ))}
        {point ? <CircleMarker center={[point.lat, point.lng]} radius={10} pathOptions={{ color: '#1b5e20', fillOpacity: 0.7 }} /> : null}
      </MapContainer>
    </Box>
  );
}
