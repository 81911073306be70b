import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import type { GraphType } from '@portal/contracts';
import type { GraphTarget } from '../lib/graph-links';
import { prefetchWhenIdle } from '../../../lib/prefetch';

// The panel (charts, tables, date pickers) is most of a map page's JavaScript and opens only on a
// graph link: it loads then, in its own chunk, so the map comes up sooner.
const DataVisualizationPanel = lazy(async () => ({ default: (await import('./data-visualization-panel')).DataVisualizationPanel }));
// The popup's graph links load with the first popup, or ahead of it once the page is idle.
const loadGraphLinks = () => import('./graph-links');
const GraphLinks = lazy(async () => ({ default: (await loadGraphLinks()).GraphLinks }));

interface OpenGraph {
  location: GraphTarget['location'];
  graphType: GraphType;
}

/**
 * Glue for a map page: `renderActions` adds the graph links to a feature popup, `panel` is the
 * data-visualization panel of the last link chosen (null when closed). The host places the panel
 * in a flex column under the map: the map keeps the space above it (so the location clicked and a
 * search's fly-to centre stay in view), and the map's own resize observer (100 ms debounce)
 * redraws it at its new size when the panel opens, expands, collapses or closes.
 */
export function useGraphPanel(): {
  renderActions: (feature: { properties: Record<string, unknown> | null }) => ReactNode;
  panel: ReactNode;
  /** Opens a location's graph (a link to it, e.g. from an alert message). */
  open: (location: GraphTarget['location'], graphType: GraphType) => void;
  /** 'closed', or how the open panel is shown: the host gives the map less room when it is expanded. */
  state: 'closed' | 'collapsed' | 'expanded';
} {
  const [open, setOpen] = useState<OpenGraph | null>(null);
  const [expanded, setExpanded] = useState(false);
  useEffect(() => prefetchWhenIdle(loadGraphLinks), []);
  const renderActions = useCallback(
    (feature: { properties: Record<string, unknown> | null }) => (
      <Suspense fallback={null}>
        <GraphLinks
          properties={feature.properties}
          onOpen={(location, graphType) => {
            setOpen({ location, graphType });
            setExpanded(false);
          }}
        />
      </Suspense>
    ),
    [],
  );
  const panel = open ? (
    <Box
      data-testid="data-visualization-dock"
      sx={{
        // Shrinks (and scrolls) before the map goes below its minimum height.
        flex: '0 1 auto',
        minHeight: 0,
        overflowY: 'auto',
        p: { xs: 0.5, sm: 1 },
        borderTop: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.default',
      }}
    >
      {/* A new link starts again from the defaults (last 3 days, 15-minute data). */}
      <Suspense fallback={<CircularProgress size={24} aria-label="Loading the graph panel" />}>
        <DataVisualizationPanel
          key={`${open.location.ndx}-${open.graphType}`}
          location={open.location}
          graphType={open.graphType}
          onClose={() => {
            setOpen(null);
            setExpanded(false);
          }}
          onExpandedChange={setExpanded}
        />
      </Suspense>
    </Box>
  ) : null;
  const openGraph = useCallback((location: GraphTarget['location'], graphType: GraphType) => {
    setOpen({ location, graphType });
    setExpanded(false);
  }, []);
  return { renderActions, panel, open: openGraph, state: open ? (expanded ? 'expanded' : 'collapsed') : 'closed' };
}
