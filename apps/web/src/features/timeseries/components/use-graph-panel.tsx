import { useCallback, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import type { GraphType } from '@portal/contracts';
import type { GraphTarget } from '../lib/graph-links';
import { DataVisualizationPanel } from './data-visualization-panel';
import { GraphLinks } from './graph-links';

interface OpenGraph {
  location: GraphTarget['location'];
  graphType: GraphType;
}

/**
 * Glue for a map page: `renderActions` adds the graph links to a feature popup, `panel` is the
 * data-visualization panel of the last link chosen (null when closed), laid over the bottom of
 * the nearest positioned container (the map area).
 */
export function useGraphPanel(): {
  renderActions: (feature: { properties: Record<string, unknown> | null }) => ReactNode;
  panel: ReactNode;
} {
  const [open, setOpen] = useState<OpenGraph | null>(null);
  const renderActions = useCallback(
    (feature: { properties: Record<string, unknown> | null }) => (
      <GraphLinks properties={feature.properties} onOpen={(location, graphType) => setOpen({ location, graphType })} />
    ),
    [],
  );
  const panel = open ? (
    <Box
      sx={{
        position: 'absolute',
        left: { xs: 4, sm: 12 },
        right: { xs: 4, sm: 12 },
        bottom: { xs: 4, sm: 12 },
        zIndex: 3,
        maxHeight: 'calc(100% - 24px)',
        overflowY: 'auto',
      }}
    >
      {/* A new link starts again from the defaults (last 3 days, 15-minute data). */}
      <DataVisualizationPanel
        key={`${open.location.ndx}-${open.graphType}`}
        location={open.location}
        graphType={open.graphType}
        onClose={() => setOpen(null)}
      />
    </Box>
  ) : null;
  return { renderActions, panel };
}
