import { useEffect, useState } from 'react';
import { Box, Button, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import type { RadiusTool } from '../hooks/use-radius-tool';
import { parseBufferAmount } from '../lib/buffer-amount';
import { setMapTool } from '../../../map/map-tool-flag';
import { centreLabel, centreText, isSameCentre, type RadiusCentre } from '../lib/radius-centre';
import { DEFAULT_RINGS, type RingInput } from '../lib/radius-rings';
import type { DistanceUnits } from '../lib/units';

interface Props {
  map: MapLibreMap | null;
  tool: RadiusTool;
  /** The location last chosen in the search box or shown in a popup; null when none. */
  selected: RadiusCentre | null;
}

/**
 * Up to four buffer rings around a point picked on the map or a selected location.
 * Unreadable amounts are refused next to their field and never drawn; amounts of 0 or below are skipped.
 */
export function RadiusToolSection({ map, tool, selected }: Props) {
  const { rings, setRings, centre, setCentre, enabled, setEnabled, drawn, centreOn } = tool;
  const [picking, setPicking] = useState(false);

  // One click on the map sets the centre; the crosshair says the next click is taken.
  useEffect(() => {
    if (!map || !picking) return;
    const canvas = map.getCanvas();
    const previous = canvas.style.cursor;
    canvas.style.cursor = 'crosshair';
    setMapTool(map, 'radius-centre', true);
    const onClick = (e: MapMouseEvent) => {
      setCentre({ lng: e.lngLat.lng, lat: e.lngLat.lat, name: null });
      setPicking(false);
    };
    map.once('click', onClick);
    return () => {
      map.off('click', onClick);
      canvas.style.cursor = previous;
      setMapTool(map, 'radius-centre', false);
    };
  }, [map, picking, setCentre]);

  const update = (index: number, change: Partial<RingInput>) => setRings((rs) => rs.map((r, i) => (i === index ? { ...r, ...change } : r)));
  const applySelected = () => {
    if (!selected) return;
    setPicking(false);
    centreOn(selected);
  };

  return (
    <Stack spacing={2} data-radius-rings={drawn.features.length} sx={{ pt: 1 }}>
      <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label="Show radius rings" />
      <Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" size="small" onClick={() => setPicking((p) => !p)} aria-pressed={picking} disabled={!map}>
            {picking ? 'Click on the map…' : 'Pick on map'}
          </Button>
          <Button
            variant="outlined"
            size="small"
            onClick={applySelected}
            disabled={!map || !selected || isSameCentre(selected, centre)}
            aria-describedby="radius-selected-location"
          >
            Use selected location
          </Button>
        </Box>
        <Typography id="radius-selected-location" variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, mb: 0 }}>
          {selected ? `Selected: ${centreLabel(selected)}` : 'Search for a location or open its popup to use it as the centre'}
        </Typography>
        <Box aria-label="Radius centre" role="group" sx={{ mt: 1 }}>
          {centre?.name ? (
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-radius-centre-name>
              {centre.name}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" data-radius-centre-coordinates>
            {centre ? centreText(centre) : 'No centre picked'}
          </Typography>
        </Box>
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
        {/* Clear removes the rings' centre and puts the four amounts back to their defaults (0.25 / 0.5
            Miles), so the next centre draws the default rings without retyping them. */}
        <Button
          size="small"
          onClick={() => {
            setCentre(null);
            setRings(() => DEFAULT_RINGS.map((r) => ({ ...r })));
          }}
          disabled={!centre && rings.every((r, i) => r.amount === DEFAULT_RINGS[i].amount && r.units === DEFAULT_RINGS[i].units)}
        >
          Clear
        </Button>
      </Box>
    </Stack>
  );
}
