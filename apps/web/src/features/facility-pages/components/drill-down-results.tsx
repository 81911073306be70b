import { useMemo, useState } from 'react';
import { Alert, Box, Grid, LinearProgress, Typography } from '@mui/material';
import type { MRT_ColumnDef } from 'material-react-table';
import type { DayRange, DrillDownGraph, DrillDownTable, Interval } from '@portal/contracts';
import { useNormalBandDays } from '../../../api/series-normals/get-normal-band';
import { DualAxisChart, type AxisLine } from '../../../components/charts/dual-axis-chart';
import { NormalRangeSwitch } from '../../../components/charts/normal-range-switch';
import { drawnStepMs, INTERVAL_MS } from '../../../components/charts/time-series-option';
import { DataTable } from '../../../components/data-table/data-table';
import { formatDate, formatTimestamp } from '../../../lib/time';

type Row = { id: string; t: number } & Record<string, number | string | null>;

/** The drill-down table: a date column and one column per location × chosen table parameter. */
export function DrillDownTableView({
  table,
  parameters,
  interval,
  loading,
  error,
}: {
  table: DrillDownTable | undefined;
  parameters: number[];
  interval: Interval;
  loading: boolean;
  error: string | null;
}) {
  const formatTime = interval === 'daily' ? formatDate : formatTimestamp;
  const shown = useMemo(
    () => (table?.columns ?? []).map((c, index) => ({ c, index })).filter(({ c }) => parameters.includes(c.parameter_ndx)),
    [table, parameters],
  );
  const columns = useMemo<MRT_ColumnDef<Row>[]>(
    () => [
      { accessorKey: 't', header: 'Date', Cell: ({ cell }) => formatTime(cell.getValue<number>()), size: 170 },
      ...shown.map(({ c }) => ({
        accessorKey: c.key,
        header: `${c.location_display_label} ${c.parameter_name}${c.units ? ` (${c.units})` : ''}`,
        size: 140,
      })),
    ],
    [shown, formatTime],
  );
  const rows = useMemo<Row[]>(() => {
    if (!table) return [];
    // Instants where none of the shown columns has a value are left out.
    return table.rows
      .filter((r) => shown.some(({ index }) => r[index + 1] !== null))
      .map((r) => {
        const row: Row = { id: String(r[0]), t: r[0]! };
        for (const { c, index } of shown) row[c.key] = r[index + 1];
        return row;
      });
  }, [table, shown]);
  return (
    <DataTable
      columns={columns}
      data={rows}
      getRowId={(r) => r.id}
      loading={loading}
      error={error}
      sorting={[{ id: 't', desc: true }]}
      label="Drill down table"
      rowTestId="drill-row"
      noRecordsText="No data available"
      columnFilters={false}
      pageSize={10}
    />
  );
}

interface GroupGraph {
  g: DrillDownGraph['groups'][number];
  lines: (AxisLine & { parameterNdx: number })[];
  left: string;
  right: string;
}

/** One dual-axis graph per location group, showing the chosen graph parameters; daily graphs can show the normal range. */
export function DrillDownGraphsView({
  graph,
  parameters,
  facilityName,
  interval,
  range,
  sub,
  loading,
  error,
}: {
  graph: DrillDownGraph | undefined;
  interval: Interval;
  /** The days the graphs cover: the band's days. */
  range: DayRange;
  sub: string | undefined;
  parameters: number[];
  facilityName: string;
  loading: boolean;
  error: string | null;
}) {
  const [showBand, setShowBand] = useState(true);
  const groups = useMemo<GroupGraph[]>(
    () =>
      (graph?.groups ?? []).map((g) => {
        const pick = (list: typeof g.yL, axis: 'left' | 'right') =>
          list
            .filter((s) => parameters.includes(s.parameter_ndx))
            .map((s) => ({
              name: s.label,
              points: s.points,
              stepMs: drawnStepMs(INTERVAL_MS[interval], s.points.length, s.total),
              axis,
              units: s.units,
              color: s.color,
              parameterNdx: s.parameter_ndx,
            }));
        const lines = [...pick(g.yL, 'left'), ...pick(g.yR, 'right')];
        const units = (axis: 'left' | 'right') =>
          [...new Set(lines.filter((l) => l.axis === axis).map((l) => l.units ?? ''))].filter(Boolean).join(', ');
        return { g, lines, left: units('left'), right: units('right') };
      }),
    [graph, parameters, interval],
  );
  return (
    <Box>
      {loading ? <LinearProgress aria-label="Loading graphs" sx={{ mb: 1 }} /> : null}
      {error ? <Alert severity="error">{`An error has occurred: ${error}`}</Alert> : null}
      {/* The normal range is of daily means: the daily graphs draw it behind their first left-axis line. */}
      {interval === 'daily' && groups.length > 0 ? <NormalRangeSwitch checked={showBand} onChange={setShowBand} /> : null}
      <Grid container spacing={3}>
        {groups.map((group) => (
          <Grid
            key={group.g.group}
            size={{ xs: 12, lg: groups.length > 1 ? 6 : 12 }}
            data-testid="drill-graph"
            data-location={group.g.location_ndx}
          >
            <GroupGraphView
              group={group}
              title={`${facilityName} ${group.g.location_display_label}`}
              interval={interval}
              band={interval === 'daily' && showBand ? range : null}
              sub={sub}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

/** One location's graph, with the band of its first left-axis line's series over `band`'s days when asked. */
function GroupGraphView({
  group: { g, lines, left, right },
  title,
  interval,
  band,
  sub,
}: {
  group: GroupGraph;
  title: string;
  interval: Interval;
  band: DayRange | null;
  sub: string | undefined;
}) {
  const banded = lines.find((l) => l.axis === 'left');
  const bandDays = useNormalBandDays(
    band && banded
      ? { locationNdx: g.location_ndx, parameterNdx: banded.parameterNdx, startDate: band.startDate, endDate: band.endDate }
      : null,
    sub,
  );
  return (
    <>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        {g.location_name}
      </Typography>
      {lines.every((l) => l.points.length === 0) ? (
        <Typography color="text.secondary">No data available</Typography>
      ) : (
        <DualAxisChart
          title={title}
          lines={lines}
          height={320}
          leftAxisName={left || undefined}
          rightAxisName={right || undefined}
          formatTime={formatTimestamp}
          // Days of 15-minute data need the time of day on the axis.
          formatAxisTime={interval === 'daily' ? formatDate : formatTimestamp}
          normalBand={bandDays}
        />
      )}
    </>
  );
}
