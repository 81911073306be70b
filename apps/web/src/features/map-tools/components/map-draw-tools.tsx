import { useMemo, useState } from 'react';
import { Box } from '@mui/material';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useTerraDraw } from '../hooks/use-terra-draw';
import { measureDrawings } from '../lib/measurements';
import { DrawToolbar } from './draw-toolbar';
import { MeasurementsBox } from './measurements-box';

/** Drawing and measuring on a map: the toolbar and the measurements box. */
export function MapDrawTools({ map, styleVersion }: { map: MapLibreMap; styleVersion: number }) {
  const draw = useTerraDraw(map, styleVersion);
  const [open, setOpen] = useState(false);
  const measurements = useMemo(() => measureDrawings(draw.features), [draw.features]);
  return (
    <Box sx={{ position: 'absolute', top: 10, left: 10, zIndex: 2, display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <DrawToolbar mode={draw.mode} onModeChange={draw.setMode} measurementsOpen={open} onToggleMeasurements={() => setOpen((o) => !o)} />
      {open ? <MeasurementsBox measurements={measurements} onReset={draw.reset} onHide={() => setOpen(false)} /> : null}
    </Box>
  );
}
