import { useEffect, useMemo, useState } from 'react';
import { Box, Button, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { useRadiusLayer } from '../hooks/use-radius-layer';
import { parseBufferAmount } from '../lib/buffer-amount';
import { setMapTool } from '../lib/map-tool-flag';
import { buildRadiusRings, DEFAULT_RINGS, type RingInput } from '../lib/radius-rings';
import { coordinatesText, type DistanceUnits } from '../lib/units';

const EMPTY_RINGS = { type: 'FeatureCollection' as const, features: [] };

/**
 * Part 1 §2/§4: up to four buffer rings around a point picked on the map. Unreadable amounts are
 * refused next to their field and never drawn; amounts of 0 or below are skipped.
 */
export function RadiusToolSection({ map, styleVersion }: { map: MapLibreMap | null; styleVersion: number }) {
  const [rings, setRings] = useState<RingInput[]>(() => DEFAULT_RINGS.map((r) => ({ ...r })));
  const [center, setCenter] = useState<[number, number] | null>(null);
  const [enabled, setEnabled] = useState(true);
  const [picking, setPicking] = useState(false);

  const drawn = useMemo(() => (enabled && center ? buildRadiusRings(center, rings) : EMPTY_RINGS), [enabled, center, rings]);
  useRadiusLayer(map, styleVersion, drawn, enabled ? center : null);

  // One click on the map sets the centre; the crosshair says the next click is taken.
  useEffect(() => {
    if (!map || !picking) return;
    const canvas = map.getCanvas();
    const previous = canvas.style.cursor;
    canvas.style.cursor = 'crosshair';
    setMapTool(map, 'radius-centre', true);
    const onClick = (e: MapMouseEvent) => {
      setCenter([e.lngLat.lng, e.lngLat.lat]);
      setPicking(false);
    };
    map.once('click', onClick);
    return () => {
      map.off('click', onClick);
      canvas.style.cursor = previous;
      setMapTool(map, 'radius-centre', false);
    };
  }, [map, picking]);

  const update = (index: number, change: Partial<RingInput>) => setRings((rs) => rs.map((r, i) => (i === index ? { ...r, ...change } : r)));

  return (
    <Stack spacing={2} data-radius-rings={drawn.features.length} sx={{ pt: 1 }}>
      <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label="Show radius rings" />
      <Box>
        <Button variant="outlined" size="small" onClick={() => setPicking((p) => !p)} aria-pressed={picking} disabled={!map}>
          {picking ? 'Click on the map…' : 'Pick on map'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-label="Radius centre">
          {center ? coordinatesText(center[0], center[1]) : 'No centre picked'}
        </Typography>
      </Box>
      {rings.map((r, i) => {
        const parsed = parseBufferAmount(r.amount);
        return (
          <Box key={i} sx={{ display: 'flex', gap: 1 }}>
            <TextField
              size="small"
              label={`Buffer ${i + 1}`}
              value={r.amount}
              onChange={(e) => update(i, { amount: e.target.value })}
              error={!parsed.ok}
              helperText={parsed.ok ? undefined : parsed.message}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <TextField
              select
              size="small"
              label="Units"
              value={r.units}
              onChange={(e) => update(i, { units: e.target.value as DistanceUnits })}
              sx={{ width: 100, flexShrink: 0 }}
            >
              <MenuItem value="Miles">Miles</MenuItem>
              <MenuItem value="Feet">Feet</MenuItem>
            </TextField>
          </Box>
        );
      })}
      <Box>
        <Button size="small" onClick={() => setCenter(null)} disabled={!center}>
          Clear
        </Button>
      </Box>
    </Stack>
  );
}
