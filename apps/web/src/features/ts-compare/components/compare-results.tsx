import { useMemo } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import type { MRT_ColumnDef } from 'material-react-table';
import type { Interval, TsCompareData } from '@portal/contracts';
import { DualAxisChart, type AxisLine } from '../../../components/charts/dual-axis-chart';
import { drawnStepMs, INTERVAL_MS } from '../../../components/charts/time-series-option';
import { DataTable } from '../../../components/data-table/data-table';
import { downloadBlob } from '../../../lib/download';
import { compareCsvText, type CompareCsvRow } from '../lib/compare-csv';
import { formatDate, formatTimestamp } from '../../../lib/time';

/** Shown when a side has no data, word for word as the product gives it. */
export const COMPARE_NO_DATA = 'No data available for left, right or left or right axis';

const PALETTE = {
  left: ['#1565C0', '#2E7D32', '#6A1B9A', '#00838F', '#283593'],
  right: ['#E65100', '#C62828', '#AD1457', '#F9A825', '#4E342E'],
};

export interface CompareTableRow extends CompareCsvRow {
  id: string;
}

interface Props {
  interval: Interval;
  left: TsCompareData | undefined;
  right: TsCompareData | undefined;
  /** The right axis was asked for. */
  hasRight: boolean;
  loading: boolean;
  error: string | null;
}

function linesOf(data: TsCompareData | undefined, axis: 'left' | 'right'): AxisLine[] {
  if (!data) return [];
  return data.series.map((s, i) => ({
    name: `${s.location_display_label} ${data.parameter.parameter_name}`,
    points: s.points,
    stepMs: drawnStepMs(INTERVAL_MS[data.interval], s.points.length, s.total),
    axis,
    units: s.units,
    color: PALETTE[axis][i % PALETTE[axis].length],
  }));
}

function rowsOf(data: TsCompareData | undefined, axis: 'Left' | 'Right'): CompareTableRow[] {
  if (!data) return [];
  return data.series.flatMap((s) =>
    s.rows.map(([timestamp, value], i) => ({
      id: `${axis}-${s.location_ndx}-${i}`,
      axis,
      location: s.location_display_label,
      parameter: data.parameter.parameter_name,
      timestamp,
      value,
      units: s.units ?? '',
    })),
  );
}

const hasRows = (data: TsCompareData | undefined) => Boolean(data?.series.some((s) => s.rows.length > 0));

/** The parameter and the units its series are in: each location's own unit when it sets one. */
function axisName(data: TsCompareData | undefined): string | undefined {
  if (!data) return undefined;
  const units = [...new Set(data.series.length ? data.series.map((s) => s.units) : [data.parameter.units])].filter(Boolean);
  return `${data.parameter.parameter_name}${units.length ? ` (${units.join(', ')})` : ''}`;
}

/** The Graph and Table panels of a submitted comparison. */
export function CompareResults({ interval, left, right, hasRight, loading, error }: Props) {
  const formatTime = interval === 'daily' ? formatDate : formatTimestamp;
  const lines = useMemo(() => [...linesOf(left, 'left'), ...linesOf(right, 'right')], [left, right]);
  const rows = useMemo(() => [...rowsOf(left, 'Left'), ...rowsOf(right, 'Right')], [left, right]);
  const columns = useMemo<MRT_ColumnDef<CompareTableRow>[]>(
    () => [
      { accessorKey: 'axis', header: 'Axis', size: 80 },
      { accessorKey: 'location', header: 'Location' },
      { accessorKey: 'parameter', header: 'Parameter' },
      { accessorKey: 'timestamp', header: 'Date', Cell: ({ cell }) => formatTime(cell.getValue<number>()) },
      { accessorKey: 'value', header: 'Value', size: 100 },
      { accessorKey: 'units', header: 'Units', size: 80 },
    ],
    [formatTime],
  );
  const title = [left, right]
    .filter((d): d is TsCompareData => Boolean(d))
    .map((d) => d.parameter.parameter_name)
    .join(' vs ');
  const noData = !loading && !error && left !== undefined && (!hasRows(left) || (hasRight && !hasRows(right)));

  const downloadCsv = () => {
    const csv = compareCsvText(rows, formatTime);
    downloadBlob(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      `Time Series Comparison ${left?.startDate ?? ''} to ${left?.endDate ?? ''}.csv`,
    );
  };

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Graph
        </Typography>
        {loading ? <LinearProgress aria-label="Loading comparison" sx={{ mb: 1 }} /> : null}
        {error ? <Alert severity="error">{`An error has occurred: ${error}`}</Alert> : null}
        {noData ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {COMPARE_NO_DATA}
          </Alert>
        ) : null}
        {left === undefined && !loading && !error ? (
          <Typography color="text.secondary">Choose the axes and press Submit to draw the graph.</Typography>
        ) : null}
        {left !== undefined ? (
          <DualAxisChart
            title={title || 'Time Series Comparison'}
            lines={lines}
            height={420}
            leftAxisName={axisName(left)}
            rightAxisName={axisName(right)}
            formatTime={formatTimestamp}
            formatAxisTime={interval === 'daily' ? formatDate : formatTimestamp}
            intervalMs={INTERVAL_MS[interval]}
          />
        ) : null}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="h6" component="h2">
            Table
          </Typography>
          <Button size="small" variant="outlined" disabled={rows.length === 0} onClick={downloadCsv}>
            Download CSV
          </Button>
        </Stack>
        <Box>
          <DataTable
            columns={columns}
            data={rows}
            getRowId={(r) => r.id}
            loading={loading}
            error={null}
            sorting={[]}
            label="Comparison table"
            rowTestId="compare-row"
            noRecordsText="No data available"
            columnFilters={false}
            pageSize={30}
          />
        </Box>
      </Paper>
    </Stack>
  );
}
