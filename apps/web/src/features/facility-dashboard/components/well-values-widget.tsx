import { useMemo } from 'react';
import { Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, useTheme } from '@mui/material';
import { useWellTable } from '../api/get-well-table';
import { useWellValues } from '../api/get-well-values';
import { buildWellValuesOption } from '../lib/dashboard-options';
import { formatValue } from '../lib/format';
import { DashboardChart } from './dashboard-chart';
import { useChartContext } from './use-chart-context';
import { WidgetCard } from './widget-card';

/** 'current_values_by_well': each well's newest water level and pumping rate, as a chart and a table. */
export function WellValuesWidget({ facilityNdx, sub }: { facilityNdx: number; sub: string | undefined }) {
  const graph = useWellValues(facilityNdx, sub);
  const table = useWellTable(facilityNdx, sub);
  const ctx = useChartContext();
  const theme = useTheme();
  const wells = graph.data;
  const option = useMemo(
    () => (wells ? buildWellValuesOption(wells, ctx, { level: theme.palette.info.main, gpm: theme.palette.error.main }) : null),
    [wells, ctx, theme.palette.info.main, theme.palette.error.main],
  );
  const data = table.data;
  return (
    <WidgetCard
      name="current_values_by_well"
      title="Current Values by Well"
      subtitle="Newest reading of each well"
      isPending={graph.isPending || table.isPending}
      error={graph.error ?? table.error}
      emptyText={wells && wells.length === 0 ? 'This facility has no wells with water level or pumping data.' : null}
    >
      <Stack spacing={2}>
        {option ? (
          <DashboardChart option={option} height={260} ariaLabel="Current values by well chart" testId="well-values-chart" />
        ) : null}
        {data ? (
          <TableContainer component={Box} sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Current values by well" data-testid="well-values-table">
              <TableHead>
                <TableRow>
                  <TableCell>Metric</TableCell>
                  {data.columns.map((c) => (
                    <TableCell key={c.field} align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {c.location_id}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rows.map((row) => (
                  <TableRow key={row.metric}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {row.metric}
                    </TableCell>
                    {data.columns.map((c) => (
                      <TableCell key={c.field} align="right" data-field={c.field} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatValue(row[c.field] as number | null | undefined)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </Stack>
    </WidgetCard>
  );
}
