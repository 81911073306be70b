import { useEffect, useMemo, useRef } from 'react';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import type { GeoJSONSource, MapLayerMouseEvent } from 'maplibre-gl';
import type { TsCompareLocation } from '@portal/contracts';
import { useBasemaps } from '../../../api/public-map/get-basemaps';
import { EMPTY_STYLE, useMaplibreMap } from '../../../map/use-maplibre-map';
import type { CompareForm } from '../lib/compare-form';

/** The comparison map opens on the district: centre and zoom. */
const CENTER: [number, number] = [-104.73472, 40.00753];
const ZOOM = 8.4;
const SOURCE = 'ts-compare-locations';
const LAYER = 'ts-compare-locations-circles';
export const SIDE_COLORS = { left: '#1565C0', right: '#E65100', other: '#78909C' } as const;

interface Props {
  form: CompareForm;
  locations: TsCompareLocation[];
  onPick: (location: TsCompareLocation) => void;
  height?: number | string;
}

/** The comparison's locations as points; chosen ones coloured by axis. */
function featureCollection(form: CompareForm, locations: TsCompareLocation[]): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: locations
      .filter((l) => l.latitude !== null && l.longitude !== null)
      .map((l) => ({
        type: 'Feature',
        id: l.location_ndx,
        geometry: { type: 'Point', coordinates: [l.longitude!, l.latitude!] },
        properties: {
          location_ndx: l.location_ndx,
          label: l.location_display_label,
          side: form.left.locations.includes(l.location_ndx) ? 'left' : form.right.locations.includes(l.location_ndx) ? 'right' : 'other',
        },
      })),
  };
}

/** The Map panel: every location on offer; click one to add it to (or remove it from) an axis. */
export function CompareMap({ form, locations, onPick, height = 420 }: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const basemaps = useBasemaps();
  const style = basemaps.data ? (basemaps.data[0]?.style ?? EMPTY_STYLE) : basemaps.isError ? EMPTY_STYLE : null;
  const map = useMaplibreMap(containerRef, { style, center: CENTER, zoom: ZOOM });
  const data = useMemo(() => featureCollection(form, locations), [form, locations]);
  const pickRef = useRef({ onPick, locations });
  useEffect(() => {
    pickRef.current = { onPick, locations };
  });

  useEffect(() => {
    if (!map) return undefined;
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({
      id: LAYER,
      type: 'circle',
      source: SOURCE,
      paint: {
        'circle-radius': ['match', ['get', 'side'], 'other', 5, 8],
        'circle-color': ['match', ['get', 'side'], 'left', SIDE_COLORS.left, 'right', SIDE_COLORS.right, SIDE_COLORS.other],
        'circle-stroke-color': '#FFFFFF',
        'circle-stroke-width': 1.5,
      },
    });
    const click = (e: MapLayerMouseEvent) => {
      const ndx = Number(e.features?.[0]?.properties?.location_ndx);
      const location = pickRef.current.locations.find((l) => l.location_ndx === ndx);
      if (location) pickRef.current.onPick(location);
    };
    const enter = () => (map.getCanvas().style.cursor = 'pointer');
    const leave = () => (map.getCanvas().style.cursor = '');
    map.on('click', LAYER, click);
    map.on('mouseenter', LAYER, enter);
    map.on('mouseleave', LAYER, leave);
    return () => {
      map.off('click', LAYER, click);
      map.off('mouseenter', LAYER, enter);
      map.off('mouseleave', LAYER, leave);
    };
  }, [map]);

  useEffect(() => {
    (map?.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data);
  }, [map, data]);

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ position: 'relative', height }}>
        <Box ref={containerRef} data-testid="compare-map" data-points={data.features.length} sx={{ width: '100%', height: '100%' }} />
        {!map ? <CircularProgress size={24} aria-label="Loading map" sx={{ position: 'absolute', top: 14, left: 14 }} /> : null}
      </Box>
      <Stack direction="row" spacing={2} sx={{ px: 1.5, py: 0.75, flexWrap: 'wrap' }}>
        {(['left', 'right'] as const).map((side) => (
          <Stack key={side} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: SIDE_COLORS[side] }} />
            <Typography variant="caption">{side === 'left' ? 'Left axis' : 'Right axis'}</Typography>
          </Stack>
        ))}
        <Typography variant="caption" color="text.secondary">
          Click a location to add it to an axis or remove it.
        </Typography>
      </Stack>
    </Box>
  );
}
