import { lazy, Suspense, useEffect, useState } from 'react';
import { Box } from '@mui/material';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { prefetchWhenIdle } from '../../../lib/prefetch';
import { useTerraDraw } from '../hooks/use-terra-draw';
import { DrawToolbar } from './draw-toolbar';

/** The measurements box and its geometry (Turf): loaded when the box is first shown, or ahead of it once the page is idle. */
const loadMeasurementsBox = () => import('./measurements-box');
const MeasurementsBox = lazy(async () => ({ default: (await loadMeasurementsBox()).MeasurementsBox }));

/** Drawing and measuring on a map: the toolbar and the measurements box. */
export function MapDrawTools({ map, styleVersion }: { map: MapLibreMap; styleVersion: number }) {
  const draw = useTerraDraw(map, styleVersion);
  const [open, setOpen] = useState(false);
  useEffect(() => prefetchWhenIdle(loadMeasurementsBox), []);
  return (
    <Box sx={{ position: 'absolute', top: 10, left: 10, zIndex: 2, display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <DrawToolbar mode={draw.mode} onModeChange={draw.setMode} measurementsOpen={open} onToggleMeasurements={() => setOpen((o) => !o)} />
      {open ? (
        <Suspense fallback={null}>
          <MeasurementsBox features={draw.features} onReset={draw.reset} onHide={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
