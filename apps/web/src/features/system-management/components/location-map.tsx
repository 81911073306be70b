import { useEffect, useMemo, useRef } from 'react';
import { Box, Typography } from '@mui/material';
import { Marker, type GeoJSONSource, type Map as MapLibreMap, type MapMouseEvent } from 'maplibre-gl';
import type { Basemap, LocationMapPoint } from '@portal/contracts';
import { useBasemaps } from '../../../api/public-map/get-basemaps';
import { BasemapToggle } from '../../../map/basemap-toggle';
import { useBasemap } from '../../../map/use-basemap';
import { EMPTY_STYLE, useMaplibreMap } from '../../../map/use-maplibre-map';
import { formatCoordinate } from '../lib/location-form';

/** Setup map zoom 8 (16 on a record with coordinates), labels from zoom 7, district centre. */
export const SETUP_MAP_ZOOM = 8;
export const SETUP_MAP_POINT_ZOOM = 16;
export const SETUP_MAP_LABEL_MINZOOM = 7;
export const SETUP_MAP_CENTER: [number, number] = [-104.73472, 40.00753];
const BASEMAP_NAMES = ['Satellite', 'Streets', 'Outdoors'];
const POINTS_SOURCE = 'setup-locations';

function setupBasemaps(all: readonly Basemap[]): Basemap[] {
  const byName = new Map(all.map((b) => [b.name.trim().toLowerCase(), b]));
  return BASEMAP_NAMES.map((n) => byName.get(n.toLowerCase())).filter((b): b is Basemap => b !== undefined);
}

function pointsGeoJson(points: readonly LocationMapPoint[], exceptNdx: number | null): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: points
      .filter((p) => p.location_ndx !== exceptNdx)
      .map((p) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
        properties: { label: p.location_display_label, color: p.legend_color ?? '#607d8b' },
      })),
  };
}

/** The other locations as small dots with labels, re-added after each basemap switch. */
function showPoints(map: MapLibreMap, data: GeoJSON.FeatureCollection, fonts: string[] | null): void {
  const source = map.getSource(POINTS_SOURCE) as GeoJSONSource | undefined;
  if (source) {
    source.setData(data);
    return;
  }
  map.addSource(POINTS_SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: POINTS_SOURCE,
    type: 'circle',
    source: POINTS_SOURCE,
    paint: { 'circle-radius': 5, 'circle-color': ['get', 'color'], 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5 },
  });
  if (fonts?.length) {
    map.addLayer({
      id: `${POINTS_SOURCE}-labels`,
      type: 'symbol',
      source: POINTS_SOURCE,
      minzoom: SETUP_MAP_LABEL_MINZOOM,
      layout: { 'text-field': ['get', 'label'], 'text-font': fonts, 'text-size': 11, 'text-offset': [0, 1.1], 'text-anchor': 'top' },
      paint: { 'text-color': '#1b1b1b', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    });
  }
}

interface Props {
  /** The editor's point [lon, lat], or null while it has no valid coordinates. */
  point: [number, number] | null;
  /** Which record the editor shows: the map recentres when it changes. */
  recordKey: string;
  points: readonly LocationMapPoint[];
  editingNdx: number | null;
  /** Clicking the map or dropping the marker sets the coordinates (5 decimals). */
  onMove: (latitude: string, longitude: string) => void;
  height?: number;
}

/** Locations Setup map: the edited location as a draggable marker; a click puts it there. */
export function LocationMap({ point, recordKey, points, editingNdx, onMove, height = 420 }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const basemapsQuery = useBasemaps();
  const basemaps = useMemo(() => setupBasemaps(basemapsQuery.data ?? []), [basemapsQuery.data]);
  const initialStyle = basemaps[0]?.style ?? (basemapsQuery.isError || basemapsQuery.data ? EMPTY_STYLE : null);
  const map = useMaplibreMap(containerRef, {
    style: initialStyle,
    center: point ?? SETUP_MAP_CENTER,
    zoom: point ? SETUP_MAP_POINT_ZOOM : SETUP_MAP_ZOOM,
  });
  const basemap = useBasemap(map, basemaps);
  const markerRef = useRef<Marker | null>(null);
  const onMoveRef = useRef(onMove);
  const pointRef = useRef(point);
  // Handlers registered once on the map read the latest callback and point through these.
  useEffect(() => {
    onMoveRef.current = onMove;
    pointRef.current = point;
  });

  const data = useMemo(() => pointsGeoJson(points, editingNdx), [points, editingNdx]);
  useEffect(() => {
    if (!map || basemap.switching) return;
    showPoints(map, data, basemap.fonts);
  }, [map, data, basemap.styleVersion, basemap.fonts, basemap.switching]);

  // A click anywhere puts the marker there.
  useEffect(() => {
    if (!map) return;
    const onClick = (e: MapMouseEvent) => onMoveRef.current(formatCoordinate(e.lngLat.lat), formatCoordinate(e.lngLat.lng));
    map.on('click', onClick);
    return () => void map.off('click', onClick);
  }, [map]);

  // The marker follows the form's coordinates; dragging it writes them back.
  useEffect(() => {
    if (!map) return;
    if (!point) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (!markerRef.current) {
      const marker = new Marker({ draggable: true, color: '#d32f2f' }).setLngLat(point).addTo(map);
      marker.getElement().setAttribute('data-testid', 'location-marker');
      marker.getElement().setAttribute('aria-label', 'Location marker: drag to move');
      marker.on('dragend', () => {
        const at = marker.getLngLat();
        onMoveRef.current(formatCoordinate(at.lat), formatCoordinate(at.lng));
      });
      markerRef.current = marker;
    } else {
      markerRef.current.setLngLat(point);
    }
  }, [map, point]);

  // Another record (or a new one): centre on it at zoom 16, or on the district at zoom 8.
  useEffect(() => {
    if (!map) return;
    const at = pointRef.current;
    map.jumpTo({ center: at ?? SETUP_MAP_CENTER, zoom: at ? SETUP_MAP_POINT_ZOOM : SETUP_MAP_ZOOM });
  }, [map, recordKey]);

  useEffect(
    () => () => {
      markerRef.current?.remove();
    },
    [],
  );

  return (
    <Box sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <Box sx={{ position: 'relative', height }}>
        <Box
          ref={containerRef}
          data-testid="locations-setup-map"
          data-basemap={basemap.current?.name ?? ''}
          data-map-ready={map ? 'true' : 'false'}
          sx={{ width: '100%', height: '100%', cursor: 'crosshair' }}
        />
        <BasemapToggle basemaps={basemaps} basemap={basemap} loading={!map} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ px: 1.5, py: 1 }} data-testid="marker-coordinates">
        {point
          ? `Marker at ${formatCoordinate(point[1])}, ${formatCoordinate(point[0])}. Drag it, or click the map, to move it.`
          : 'Click the map to place the location.'}
      </Typography>
    </Box>
  );
}
