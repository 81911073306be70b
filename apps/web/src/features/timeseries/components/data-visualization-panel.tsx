import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Button, IconButton, LinearProgress, Paper, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { GRAPH_INTERVAL_LABELS, type GraphInterval, type GraphType } from '@portal/contracts';
import { NormalRangeSwitch } from '../../../components/charts/normal-range-switch';
import { TimeSeriesChart } from '../../../components/charts/time-series-chart';
import { checkDateRange, type PickedRange } from '../../../components/date-range/date-range-check';
import { useCopyData } from '../../../lib/clipboard';
import { useSession } from '../../../lib/session';
import { useNormalBandDays, type NormalBandRequest } from '../../../api/series-normals/get-normal-band';
import { LatestClassNote } from './latest-class-note';
import { useGraphData, type GraphDataRequest } from '../api/get-graph-data';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { axisTimeFormatter, chartStepMs, GRAPH_TITLES, pointTimeFormatter, valueLabel } from '../lib/graph-format';
import { activeQuickRange, DEFAULT_RANGE_DAYS, quickRange, rangeForInterval, type QuickRangeDays } from '../lib/graph-range';
import { downloadGraphCsv, graphCsvText } from '../lib/download-csv';
import { GraphControls } from './graph-controls';
import { ChartNotes } from './chart-notes';
import { GraphTable } from './graph-table';

/** Quiet time after the last change of dates or interval before the request goes out. */
const REQUEST_DEBOUNCE_MS = 300;

/** Chart-panel heights: collapsed and expanded. */
export const CHART_HEIGHTS = { collapsed: 360, expanded: 460 } as const;
/**
 * The chart never gets shorter than this: at 1280x720 the panel shows a chart of about 270 px with
 * its controls and table beside it, Expand gives it at least the collapsed height of the design
 * (the map keeps a strip, and Collapse brings it back), and from about 810 px high the chart has
 * the full 360/460 px.
 */
export const MIN_CHART_PX = { collapsed: 240, expanded: 360 } as const;
/**
 * Window height the chart leaves to everything else: the top bar, the map toolbar, the map above
 * the panel (216 px collapsed, a 120 px strip expanded), the panel's title row and the footer.
 */
const RESERVED_PX = { collapsed: 448, expanded: 350 } as const;

/** The chart's and table's height: the spec's pixels when the window has room, less (never below the minimum) when it has not. */
export function chartHeightCss(expanded: boolean): string {
  const key = expanded ? 'expanded' : 'collapsed';
  return `min(${CHART_HEIGHTS[key]}px, max(${MIN_CHART_PX[key]}px, calc(100dvh - ${RESERVED_PX[key]}px)))`;
}

/**
 * Props of the data-visualization panel.
 * - location: `ndx` = location_ndx (the API path key), `id` = location_id (shown, and in the CSV
 *   file name), `name` = location_name.
 * - graphType: which value the popup link asked for ('flow' | 'stage' | 'waterlevel').
 * - onClose: the Close button; the host unmounts the panel.
 * - onExpandedChange: optional, for a host that lays out around the panel (the map page needs none:
 *   its map sits above the panel and follows its own box).
 * Mount it with a `key` of location and graph type so a new link starts from the defaults.
 */
export interface DataVisualizationPanelProps {
  location: { ndx: number; id: string; name: string };
  graphType: GraphType;
  onClose: () => void;
  onExpandedChange?: (expanded: boolean) => void;
}

/** Chart and table of one location's time series, with quick ranges, dates, interval and CSV export. */
export function DataVisualizationPanel({ location, graphType, onClose, onExpandedChange }: DataVisualizationPanelProps) {
  const { user } = useSession();
  const [interval, setInterval] = useState<GraphInterval>('15min');
  const [range, setRange] = useState<PickedRange>(() => quickRange(DEFAULT_RANGE_DAYS));
  const [expanded, setExpanded] = useState(false);

  const check = checkDateRange(range, interval, GRAPH_INTERVAL_LABELS[interval]);
  // Compared as text so an unchanged request keeps its identity across renders.
  const requestKey = check.ok
    ? JSON.stringify({ graphType, locationNdx: location.ndx, startDate: range.start, endDate: range.end, interval })
    : null;
  const settledKey = useDebouncedValue(requestKey, REQUEST_DEBOUNCE_MS);
  const request = useMemo(() => (settledKey ? (JSON.parse(settledKey) as GraphDataRequest) : null), [settledKey]);
  const query = useGraphData(request, user?.profile.sub);
  const data = query.data;
  // The day-of-year band: behind the daily graph unless switched off, behind the 15-minute graph
  // (each day's band flat across the day) when switched on.
  const [showBand, setShowBand] = useState<Record<GraphInterval, boolean>>({ daily: true, '15min': false });
  const bandRequest: NormalBandRequest | null =
    request && showBand[request.interval]
      ? { graphType: request.graphType, locationNdx: request.locationNdx, startDate: request.startDate, endDate: request.endDate }
      : null;
  const bandDays = useNormalBandDays(bandRequest, user?.profile.sub);

  const activeDays = activeQuickRange(range);
  const handleIntervalChange = (next: GraphInterval) => {
    setInterval(next);
    // A quick range the new interval does not offer (365/90 days of 15-minute data) goes back to the default.
    setRange(rangeForInterval(next, range));
  };
  const handleQuickRange = (days: QuickRangeDays) => setRange(quickRange(days));
  const handleExpand = () => {
    setExpanded((was) => !was);
    onExpandedChange?.(!expanded);
  };

  const height = chartHeightCss(expanded);
  const title = `${GRAPH_TITLES[graphType]}: ${location.name} (${location.id})`;
  const label = valueLabel(graphType, data?.units ?? null);
  const series = useMemo(
    () =>
      data && data.chart.points.length > 0
        ? [{ name: label, points: data.chart.points, bands: { spans: data.chart.provisional, label: 'Provisional' } }]
        : [],
    [data, label],
  );
  const shownInterval = data?.interval ?? interval;
  const formatTime = useMemo(() => pointTimeFormatter(shownInterval), [shownInterval]);
  const formatAxis = useMemo(() => axisTimeFormatter(shownInterval), [shownInterval]);
  const empty = data !== undefined && data.rows.length === 0 && data.chart.total === 0;
  const handleDownload = useCallback(() => data && downloadGraphCsv(data), [data]);
  const copyData = useCopyData();
  // The same rows as the CSV, as text on the clipboard ('Copy data').
  const handleCopy = () => {
    const text = data ? graphCsvText(data) : null;
    if (text !== null) void copyData(text);
  };

  return (
    <Paper
      elevation={6}
      data-testid="data-visualization-panel"
      data-expanded={expanded}
      aria-label={`${GRAPH_TITLES[graphType]} graph`}
      component="section"
      sx={{ display: 'flex', flexDirection: 'column', overflow: 'hidden', position: 'relative' }}
    >
      {query.isFetching ? (
        <LinearProgress aria-label="Loading time series" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      ) : null}
      {/* On a phone the title has a line of its own: beside the buttons it would have no room. */}
      <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, alignItems: 'center', gap: 1, px: 2, pt: 1.5 }}>
        {/* The gauge id is always shown: a long location name gives way (ellipsis) before it does,
            and the whole title shows on hover and on keyboard focus. */}
        <Tooltip title={title} describeChild>
          <Typography
            variant="subtitle1"
            component="h2"
            tabIndex={0}
            sx={{ fontWeight: 700, flex: { xs: '1 0 100%', sm: 1 }, minWidth: 0, display: 'flex', whiteSpace: 'nowrap' }}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
              {`${GRAPH_TITLES[graphType]}: ${location.name}`}
            </Box>
            <Box component="span" data-testid="graph-panel-gauge-id" sx={{ flexShrink: 0, pl: '0.3em' }}>
              {` (${location.id})`}
            </Box>
          </Typography>
        </Tooltip>
        <Button size="small" startIcon={<DownloadIcon />} onClick={handleDownload} disabled={!data || data.rows.length === 0}>
          Download CSV
        </Button>
        {/* An icon button: the title keeps its room on a phone. */}
        <Tooltip title="Copy data">
          <span>
            <IconButton size="small" aria-label="Copy data" onClick={handleCopy} disabled={!data || data.rows.length === 0}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Button size="small" startIcon={expanded ? <UnfoldLessIcon /> : <UnfoldMoreIcon />} onClick={handleExpand} aria-expanded={expanded}>
          {expanded ? 'Collapse' : 'Expand'}
        </Button>
        <Tooltip title="Close">
          <IconButton size="small" aria-label="Close" onClick={onClose}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {query.isError ? (
        <Alert severity="error" sx={{ mx: 2, mt: 1, order: { xs: 2, sm: 0 } }}>{`An error has occurred: ${query.error.message}`}</Alert>
      ) : null}
      {/* Wide (lg and up) the chart has the panel's whole height on the left, and the controls, the
          chart's notes and the table share the right column. Narrower they come one under the other,
          the controls first; on a phone the chart comes first, right under the title. */}
      <Box
        sx={{
          display: { xs: 'contents', sm: 'grid' },
          gridTemplateColumns: { sm: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(0, 2fr)' },
          gridTemplateAreas: { sm: '"controls" "chart" "notes" "table"', lg: '"chart controls" "chart notes" "chart table"' },
          gridTemplateRows: { lg: 'auto auto minmax(0, 1fr)' },
          columnGap: 2,
          rowGap: 1,
          px: 2,
          pt: 1,
          pb: 1,
          minHeight: 0,
        }}
      >
        <Box sx={{ gridArea: 'controls', order: { xs: 2, sm: 0 }, px: { xs: 2, sm: 0 }, pt: { xs: 1, sm: 0 } }}>
          <GraphControls
            interval={interval}
            onIntervalChange={handleIntervalChange}
            range={range}
            onRangeChange={setRange}
            activeDays={activeDays}
            onQuickRange={handleQuickRange}
            check={check}
          />
          {/* Each interval keeps its own choice; where the latest daily mean stands belongs to the daily graph. */}
          <NormalRangeSwitch checked={showBand[interval]} onChange={(on) => setShowBand((was) => ({ ...was, [interval]: on }))} />
          {interval === 'daily' ? <LatestClassNote locationNdx={location.ndx} graphType={graphType} sub={user?.profile.sub} /> : null}
        </Box>
        <Box
          sx={{ gridArea: 'chart', position: 'relative', minWidth: 0, order: { xs: 1, sm: 0 }, mx: { xs: 2, sm: 0 }, mt: { xs: 1, sm: 0 } }}
        >
          <TimeSeriesChart
            series={series}
            height={height}
            yAxisName={label}
            intervalMs={data ? chartStepMs(data.interval, data.chart.points.length, data.chart.total) : undefined}
            formatTime={formatTime}
            formatAxisTime={formatAxis}
            ariaLabel={`${label} at ${location.id}`}
            normalBand={request && shownInterval === request.interval ? bandDays : undefined}
            bandSteps={shownInterval === '15min'}
          />
          {empty && !query.isFetching ? (
            <Typography
              role="status"
              color="text.secondary"
              sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 600 }}
            >
              No Data Available
            </Typography>
          ) : null}
        </Box>
        <ChartNotes chart={data?.chart} />
        {/* Wide, the table fills what the controls and notes leave of the chart's height. */}
        <Box
          sx={{
            gridArea: 'table',
            position: { lg: 'relative' },
            minWidth: 0,
            minHeight: { lg: 100 },
            order: { xs: 3, sm: 0 },
            mx: { xs: 2, sm: 0 },
            mb: { xs: 1, sm: 0 },
          }}
        >
          <Box sx={{ position: { lg: 'absolute' }, inset: { lg: 0 } }}>
            <GraphTable
              rows={data?.rows ?? []}
              valueField={data?.value_field ?? 'flow_cfs'}
              valueLabel={label}
              height={{ xs: height, lg: '100%' }}
            />
          </Box>
        </Box>
      </Box>
    </Paper>
  );
}
